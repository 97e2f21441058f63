import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CONTACT_OR_LEARN_HOW_KEY,
  EMPTY_SECURITY_QUESTIONNAIRE,
  type ListingValues,
  LISTING_MESSAGES as M,
  REGION_OR_COUNTRY_KEY,
  SECURITY_QUESTIONS,
  type SecurityQuestionnaire,
} from './marketplace-listing.ts';
import { type ListingRuleOptions, listingErrors, listingSchema } from './marketplace-listing-rules.ts';

const REVIEW: ListingRuleOptions = { forReview: true, fedramp: false, securityQuestionnaire: false };
const DRAFT: ListingRuleOptions = { ...REVIEW, forReview: false };
const SECURITY: ListingRuleOptions = { ...REVIEW, securityQuestionnaire: true };

const completeQuestionnaire = (): SecurityQuestionnaire => ({
  ...EMPTY_SECURITY_QUESTIONNAIRE,
  security_questionnaire_visible: true,
  company_legal_name: 'Acme Builders Software LLC',
  headquarters_country: 'US',
  data_processing_countries: ['US', 'CA'],
  ...(Object.fromEntries(SECURITY_QUESTIONS.map((key) => [key, false])) as Record<string, boolean>),
});

/** A listing every rule accepts for review. */
function completeListing(): ListingValues {
  return {
    public_name: 'Field Sync',
    tagline: 'Daily logs from the field, synced',
    description: 'Keeps daily logs in step.',
    about: 'Acme Builders Software makes field tools.',
    built_by: 'Acme Builders Software',
    sold_by: 'Acme Builders Software',
    how_it_works: 'Connect, pick projects, done.',
    category_ids: [12, 15],
    app_version_id: 'a6c7',
    app_version: '1.2.0',
    draft_developer_notes: 'First listing.',
    feature_bullets: ['Syncs logs', 'Keeps photos', 'Works offline'],
    helpful_links: [{ label: 'Docs', url: 'https://fieldsync.example.com/docs' }],
    requirements: ['A Procore company account'],
    product_tools: { daily_log: true },
    regions: { north_america: true },
    countries: { US: true },
    support_email: 'support@fieldsync.example.com',
    website_link: { label: 'Website', url: 'https://fieldsync.example.com' },
    contact_us_email: 'sales@fieldsync.example.com',
    learn_how_url: null,
    create_lead: false,
    subscription_required: false,
    connector_required: false,
    has_trials: true,
    pricing_url: 'https://fieldsync.example.com/pricing',
    pricing_description: 'Free for one project.',
    security_questionnaire: { ...EMPTY_SECURITY_QUESTIONNAIRE },
    small_logo_url: '/api/v1/marketplace/media/logo',
    pictures: [{}, {}, {}],
    videos: [],
    showcase_video: { id: 'v' },
  };
}

const errorsOf = (values: ListingValues, options = REVIEW) => listingErrors(values, options);
const with_ = (change: Partial<ListingValues>): ListingValues => ({ ...completeListing(), ...change });
const withQ = (change: Partial<SecurityQuestionnaire>): ListingValues =>
  with_({ security_questionnaire: { ...completeQuestionnaire(), ...change } });

test('a complete listing passes for review, with and without the questionnaire', () => {
  assert.deepEqual(errorsOf(completeListing()), {});
  assert.deepEqual(errorsOf(withQ({}), SECURITY), {});
  assert.ok(listingSchema(REVIEW).safeParse(completeListing()).success);
});

test('an empty draft saves; the same draft submitted collects every missing field at once', () => {
  const empty: ListingValues = {
    ...completeListing(),
    ...Object.fromEntries(
      Object.entries(completeListing()).map(([key, value]) => [
        key,
        Array.isArray(value)
          ? []
          : typeof value === 'string' || (value && typeof value === 'object')
            ? null
            : value,
      ]),
    ),
    product_tools: {},
    regions: {},
    countries: {},
    create_lead: false,
    subscription_required: null,
    connector_required: null,
    has_trials: null,
    security_questionnaire: { ...EMPTY_SECURITY_QUESTIONNAIRE },
  } as ListingValues;
  assert.deepEqual(errorsOf(empty, DRAFT), {});
  const errors = errorsOf(empty);
  for (const path of [
    'public_name',
    'tagline',
    'category_ids',
    'description',
    'how_it_works',
    'about',
    'built_by',
    'sold_by',
    'app_version_id',
    'draft_developer_notes',
    'small_logo',
    'showcase_video',
    'pricing_description',
    'has_trials',
    'connector_required',
    'subscription_required',
    'support_email',
    'website_link.url',
    'website_link.label',
    'feature_bullets.0',
    'feature_bullets.1',
    'feature_bullets.2',
  ])
    assert.deepEqual(errors[path], [M.required], path);
  assert.deepEqual(errors.pictures, ['At least 3 items are required']);
  assert.deepEqual(errors[REGION_OR_COUNTRY_KEY], [M.regionOrCountry]);
  assert.deepEqual(errors[CONTACT_OR_LEARN_HOW_KEY], [M.contactOrLearnHow]);
  // The zod schema reports the same problems at the same paths.
  const parsed = listingSchema(REVIEW).safeParse(empty);
  assert.equal(parsed.success, false);
  const paths = new Set(parsed.error!.issues.map((issue) => issue.path.join('.')));
  assert.deepEqual(paths, new Set(Object.keys(errors)));
});

describe('text limits (spec developer-apps §5, §9), on drafts too', () => {
  const cases: Array<[keyof ListingValues, number]> = [
    ['public_name', 50],
    ['tagline', 100],
    ['description', 2000],
    ['how_it_works', 500],
  ];
  for (const [field, max] of cases) {
    test(`${field}: ${max} characters pass, ${max + 1} do not`, () => {
      assert.deepEqual(errorsOf(with_({ [field]: 'x'.repeat(max) })), {});
      for (const options of [REVIEW, DRAFT])
        assert.deepEqual(errorsOf(with_({ [field]: 'x'.repeat(max + 1) }), options)[field], [
          `Character limit exceeded (${max})`,
        ]);
    });
  }
  test('a whitespace-only required text is missing', () => {
    assert.deepEqual(errorsOf(with_({ public_name: '   ' })).public_name, [M.required]);
  });
});

test('categories: 1 to 3 ("Max number of categories exceeded")', () => {
  assert.deepEqual(errorsOf(with_({ category_ids: [1, 2, 3] })), {});
  assert.deepEqual(errorsOf(with_({ category_ids: [] })).category_ids, [M.required]);
  assert.deepEqual(errorsOf(with_({ category_ids: [1, 2, 3, 4] }), DRAFT).category_ids, [M.maxCategories]);
});

test('the manifest version is required for review (spec developer-apps §5), reported once at the picker', () => {
  const errors = errorsOf(with_({ app_version_id: null, app_version: null }));
  assert.deepEqual(errors, { app_version_id: [M.required] });
  assert.deepEqual(errorsOf(with_({ app_version_id: null, app_version: null }), DRAFT), {});
  // A picked version carries its label; one without is incomplete.
  assert.deepEqual(errorsOf(with_({ app_version_id: 'a6c7', app_version: null })), {
    app_version: [M.required],
  });
  assert.deepEqual(errorsOf(with_({ app_version_id: 'a6c7', app_version: '1.2.0' })), {});
});

test('media: a logo, at least 3 screenshots (at most 10), at most 5 videos', () => {
  assert.deepEqual(errorsOf(with_({ small_logo_url: null })).small_logo, [M.required]);
  assert.deepEqual(errorsOf(with_({ pictures: [{}, {}] })).pictures, ['At least 3 items are required']);
  assert.deepEqual(errorsOf(with_({ pictures: Array(10).fill({}) })), {});
  assert.deepEqual(errorsOf(with_({ pictures: Array(11).fill({}) }), DRAFT).pictures, [
    'At most 10 items are allowed',
  ]);
  assert.deepEqual(errorsOf(with_({ videos: Array(5).fill({}) })), {});
  assert.deepEqual(errorsOf(with_({ videos: Array(6).fill({}) })).videos, ['At most 5 items are allowed']);
});

test('the showcase video is required, except in a FedRAMP deployment', () => {
  assert.deepEqual(errorsOf(with_({ showcase_video: null })).showcase_video, [M.required]);
  assert.deepEqual(errorsOf(with_({ showcase_video: null }), { ...REVIEW, fedramp: true }), {});
});

test('pricing: description required, URL valid when given, three yes/no answers required', () => {
  assert.deepEqual(errorsOf(with_({ pricing_url: null })), {});
  assert.deepEqual(errorsOf(with_({ pricing_url: 'javascript:alert(1)' }), DRAFT).pricing_url, [M.url]);
  assert.deepEqual(errorsOf(with_({ pricing_url: 'not a url' })).pricing_url, [M.url]);
  assert.deepEqual(errorsOf(with_({ pricing_description: '' })).pricing_description, [M.required]);
  for (const field of ['has_trials', 'connector_required', 'subscription_required'] as const) {
    assert.deepEqual(errorsOf(with_({ [field]: null }))[field], [M.required], field);
    assert.deepEqual(errorsOf(with_({ [field]: false })), {}, field);
  }
});

test('availability: a region or a country; unknown ids are refused', () => {
  assert.deepEqual(errorsOf(with_({ regions: {}, countries: { FR: true } })), {});
  assert.deepEqual(errorsOf(with_({ regions: { europe: true }, countries: {} })), {});
  assert.deepEqual(
    errorsOf(with_({ regions: { europe: false }, countries: { FR: false } }))[REGION_OR_COUNTRY_KEY],
    [M.regionOrCountry],
  );
  assert.deepEqual(errorsOf(with_({ regions: { atlantis: true } }), DRAFT).regions, [
    'Unknown region: atlantis',
  ]);
  assert.deepEqual(errorsOf(with_({ countries: { XX: true } }), DRAFT).countries, ['Unknown country: XX']);
});

test('support: e-mail required and valid; website label and URL required and valid', () => {
  assert.deepEqual(errorsOf(with_({ support_email: 'nope' }), DRAFT).support_email, [M.email]);
  assert.deepEqual(errorsOf(with_({ support_email: null })).support_email, [M.required]);
  assert.deepEqual(errorsOf(with_({ website_link: { label: 'Site', url: 'ftp://x.example' } })), {
    'website_link.url': [M.url],
  });
  assert.deepEqual(errorsOf(with_({ website_link: { label: '', url: 'https://x.example' } })), {
    'website_link.label': [M.required],
  });
});

test('features: three bullets, each required, at most 200 characters', () => {
  assert.deepEqual(errorsOf(with_({ feature_bullets: ['a', '', 'c'] })), {
    'feature_bullets.1': [M.required],
  });
  assert.deepEqual(errorsOf(with_({ feature_bullets: ['a', 'b'] })), { 'feature_bullets.2': [M.required] });
  assert.deepEqual(errorsOf(with_({ feature_bullets: ['a', 'b', 'x'.repeat(200)] })), {});
  assert.deepEqual(errorsOf(with_({ feature_bullets: ['a', 'b', 'x'.repeat(201)] })), {
    'feature_bullets.2': ['Character limit exceeded (200)'],
  });
  assert.deepEqual(errorsOf(with_({ feature_bullets: ['a', 'b', 'c', 'd'] })), {
    feature_bullets: ['At most 3 items are allowed'],
  });
});

test('contact: a valid e-mail, a valid learn-how URL, or leads (contact_or_learn_how)', () => {
  const none = { contact_us_email: null, learn_how_url: null, create_lead: false };
  assert.deepEqual(errorsOf(with_(none))[CONTACT_OR_LEARN_HOW_KEY], [M.contactOrLearnHow]);
  assert.deepEqual(errorsOf(with_({ ...none, learn_how_url: 'https://x.example/how' })), {});
  assert.deepEqual(errorsOf(with_({ ...none, create_lead: true })), {});
  const bad = errorsOf(with_({ ...none, contact_us_email: 'not-an-email' }));
  assert.deepEqual(bad.contact_us_email, [M.email]);
  assert.deepEqual(bad[CONTACT_OR_LEARN_HOW_KEY], [M.contactOrLearnHow]);
  assert.deepEqual(errorsOf(with_({ ...none, learn_how_url: 'x' }), DRAFT).learn_how_url, [M.url]);
});

test('links: up to 3; a row is empty or has a label and a valid URL', () => {
  const link = { label: 'Docs', url: 'https://x.example' };
  assert.deepEqual(errorsOf(with_({ helpful_links: [link, link, link] })), {});
  assert.deepEqual(errorsOf(with_({ helpful_links: [{ label: null, url: null }] })), {});
  assert.deepEqual(errorsOf(with_({ helpful_links: [link, link, link, link] })).helpful_links, [
    'At most 3 items are allowed',
  ]);
  assert.deepEqual(errorsOf(with_({ helpful_links: [{ label: 'Docs', url: null }] }), DRAFT), {
    'helpful_links.0.url': [M.required],
  });
  assert.deepEqual(errorsOf(with_({ helpful_links: [link, { label: '', url: 'bad' }] })), {
    'helpful_links.1.label': [M.required],
    'helpful_links.1.url': [M.url],
  });
});

test('requirements: up to 3, each at most 255 characters; tools must be known', () => {
  assert.deepEqual(errorsOf(with_({ requirements: ['a', 'b', 'c'] })), {});
  assert.deepEqual(errorsOf(with_({ requirements: ['a', 'b', 'c', 'd'] })).requirements, [
    'At most 3 items are allowed',
  ]);
  assert.deepEqual(errorsOf(with_({ requirements: ['x'.repeat(256)] }))['requirements.0'], [
    'Character limit exceeded (255)',
  ]);
  assert.deepEqual(errorsOf(with_({ product_tools: { hammer: true } })).product_tools, [
    'Unknown tool: hammer',
  ]);
});

describe('security questionnaire (when the deployment shows it and the switch is on)', () => {
  test('hidden (flag off, or switch off): nothing is required', () => {
    const unanswered = with_({
      security_questionnaire: { ...EMPTY_SECURITY_QUESTIONNAIRE, security_questionnaire_visible: true },
    });
    assert.deepEqual(errorsOf(unanswered, REVIEW), {});
    assert.deepEqual(errorsOf(with_({}), SECURITY), {});
  });

  test('every yes/no question is required, with the company, headquarters and a processing country', () => {
    const errors = errorsOf(
      with_({
        security_questionnaire: { ...EMPTY_SECURITY_QUESTIONNAIRE, security_questionnaire_visible: true },
      }),
      SECURITY,
    );
    for (const question of SECURITY_QUESTIONS)
      assert.deepEqual(errors[`security_questionnaire.${question}`], [M.required], question);
    assert.deepEqual(errors['security_questionnaire.company_legal_name'], [M.required]);
    assert.deepEqual(errors['security_questionnaire.headquarters_country'], [M.required]);
    assert.deepEqual(errors['security_questionnaire.data_processing_countries'], [
      'At least 1 items are required',
    ]);
  });

  const detailCases: Array<[keyof SecurityQuestionnaire, keyof SecurityQuestionnaire, string]> = [
    ['has_subprocessors', 'subprocessors_details', 'We use AWS.'],
    ['has_sensitive_data', 'sensitive_data_handling_details', 'Encrypted and audited.'],
    ['has_security_contact', 'security_email', 'security@x.example'],
    ['has_disclosure_program', 'disclosure_program_url', 'https://x.example/security'],
  ];
  for (const [answer, detail, value] of detailCases) {
    test(`${detail} is required exactly when ${answer} is yes`, () => {
      assert.deepEqual(errorsOf(withQ({ [answer]: true }), SECURITY), {
        [`security_questionnaire.${detail}`]: [M.required],
      });
      assert.deepEqual(errorsOf(withQ({ [answer]: true, [detail]: value }), SECURITY), {});
      assert.deepEqual(errorsOf(withQ({ [answer]: false }), SECURITY), {});
    });
  }

  test('the security e-mail and disclosure URL must be valid', () => {
    assert.deepEqual(errorsOf(withQ({ has_security_contact: true, security_email: 'nope' }), SECURITY), {
      'security_questionnaire.security_email': [M.email],
    });
    assert.deepEqual(
      errorsOf(withQ({ has_disclosure_program: true, disclosure_program_url: 'nope' }), SECURITY),
      {
        'security_questionnaire.disclosure_program_url': [M.url],
      },
    );
  });

  test('accredited: a standard from the list or another one; SSO: a provider or another one', () => {
    assert.deepEqual(errorsOf(withQ({ has_security_standards: true }), SECURITY), {
      'security_questionnaire.security_standard_ids': [M.required],
    });
    assert.deepEqual(
      errorsOf(withQ({ has_security_standards: true, security_standard_ids: [5] }), SECURITY),
      {},
    );
    assert.deepEqual(
      errorsOf(withQ({ has_security_standards: true, other_security_standards: 'TISAX' }), SECURITY),
      {},
    );
    assert.deepEqual(errorsOf(withQ({ security_standard_ids: [99] }), SECURITY), {
      'security_questionnaire.security_standard_ids': ['Unknown security standard: 99'],
    });
    assert.deepEqual(errorsOf(withQ({ has_sso_support: true }), SECURITY), {
      'security_questionnaire.sso_providers': [M.required],
    });
    assert.deepEqual(errorsOf(withQ({ has_sso_support: true, sso_providers: ['Okta'] }), SECURITY), {});
    assert.deepEqual(
      errorsOf(withQ({ has_sso_support: true, other_sso_providers: 'Keycloak' }), SECURITY),
      {},
    );
    assert.deepEqual(errorsOf(withQ({ sso_providers: ['Hotmail'] }), SECURITY), {
      'security_questionnaire.sso_providers': ['Unknown SSO provider: Hotmail'],
    });
  });

  test('countries must be known', () => {
    assert.deepEqual(
      errorsOf(withQ({ headquarters_country: 'XX', data_processing_countries: ['US', 'ZZ'] }), SECURITY),
      {
        'security_questionnaire.headquarters_country': ['Unknown country: XX'],
        'security_questionnaire.data_processing_countries': ['Unknown country: ZZ'],
      },
    );
  });
});
