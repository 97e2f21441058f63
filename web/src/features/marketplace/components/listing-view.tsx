import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { MarketplaceListing } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** One listing as the marketplace shows it (the public page and the draft preview). */
export function ListingView({ listing }: { listing: MarketplaceListing }) {
  const { t } = useTranslation();
  const video = listing.showcase_video ?? listing.videos[0] ?? null;
  return (
    <Stack gap="lg">
      {listing.preview && (
        <Alert color="yellow" role="status">
          {t('marketplace.public.previewNotice')}
        </Alert>
      )}
      {/* On a phone the contact button wraps under the name, so the name keeps the width. */}
      <Group align="flex-start" wrap="wrap">
        <Group align="flex-start" wrap="nowrap" style={{ flex: '1 1 280px', minWidth: 0 }}>
          {listing.small_logo_url && (
            <Image
              src={listing.small_logo_url}
              alt={t('marketplace.public.logoAlt', { name: listing.public_name })}
              w={{ base: 64, sm: 96 }}
              h={{ base: 64, sm: 96 }}
              fit="contain"
              style={{ flexShrink: 0 }}
            />
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Title order={1}>{listing.public_name}</Title>
            <Text size="lg">{listing.tagline}</Text>
            <Group gap="xs">
              {listing.built_by && (
                <Text size="sm">{t('marketplace.public.by', { name: listing.built_by })}</Text>
              )}
              {listing.sold_by && (
                <Text size="sm" c="dimmed">
                  {t('marketplace.public.soldBy', { name: listing.sold_by })}
                </Text>
              )}
            </Group>
            <Group gap={4}>
              {listing.categories.map((category) => (
                <Badge key={category.id} variant="light">
                  {category.label}
                </Badge>
              ))}
              {listing.beta && <Badge color="grape">{t('marketplace.public.beta')}</Badge>}
              {listing.procore_certified_partner && (
                <Badge color="teal">{t('marketplace.public.certified')}</Badge>
              )}
              {listing.made_by_procore && (
                <Badge color="orange">{t('marketplace.public.madeByProcore')}</Badge>
              )}
              {listing.security_badge && <Badge color="blue">{t('marketplace.public.securityBadge')}</Badge>}
            </Group>
          </Stack>
        </Group>
        <ContactButton listing={listing} />
      </Group>

      {listing.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.description}</Text>}

      {listing.pictures.length > 0 && (
        <Section title={t('marketplace.public.screenshots')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {listing.pictures.map((picture, index) => (
              <Image
                key={picture.id}
                src={picture.url}
                alt={picture.description || t('marketplace.media.screenshotAlt', { number: index + 1 })}
                radius="sm"
              />
            ))}
          </SimpleGrid>
        </Section>
      )}
      {video && (
        <Section title={t('marketplace.public.video')}>
          {/* biome-ignore lint/a11y/useMediaCaption: developer-uploaded videos have no captions */}
          <video
            src={video.url}
            controls
            style={{ maxWidth: '100%' }}
            aria-label={video.name ?? listing.public_name}
          />
        </Section>
      )}
      {listing.feature_bullets.length > 0 && (
        <Section title={t('marketplace.public.features')}>
          <List>
            {listing.feature_bullets.map((bullet) => (
              <List.Item key={bullet}>{bullet}</List.Item>
            ))}
          </List>
        </Section>
      )}
      {listing.how_it_works && (
        <Section title={t('marketplace.public.howItWorks')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.how_it_works}</Text>
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section title={t('marketplace.public.pricing')}>
          {listing.pricing_description && <Text>{listing.pricing_description}</Text>}
          <List size="sm">
            {listing.has_trials && <List.Item>{t('marketplace.public.freeTrial')}</List.Item>}
            {listing.subscription_required && (
              <List.Item>{t('marketplace.public.subscriptionRequired')}</List.Item>
            )}
            {listing.connector_required && <List.Item>{t('marketplace.public.connectorRequired')}</List.Item>}
          </List>
          {listing.pricing_url && (
            <Anchor href={listing.pricing_url} target="_blank" rel="noopener noreferrer">
              {t('marketplace.public.pricingLink')}
            </Anchor>
          )}
        </Section>
        <Section title={t('marketplace.public.support')}>
          {listing.support_email && (
            <Anchor href={`mailto:${listing.support_email}`}>{listing.support_email}</Anchor>
          )}
          {listing.website_link && (
            <Anchor href={listing.website_link.url} target="_blank" rel="noopener noreferrer">
              {listing.website_link.label}
            </Anchor>
          )}
        </Section>
      </SimpleGrid>
      {listing.helpful_links.length > 0 && (
        <Section title={t('marketplace.public.links')}>
          <List>
            {listing.helpful_links.map((link) => (
              <List.Item key={link.url}>
                <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Section>
      )}
      {(listing.requirements.length > 0 || listing.product_tools.length > 0) && (
        <Section title={t('marketplace.public.requirements')}>
          <List>
            {listing.requirements.map((requirement) => (
              <List.Item key={requirement}>{requirement}</List.Item>
            ))}
          </List>
          {listing.product_tools.length > 0 && (
            <Text size="sm">
              {t('marketplace.public.tools')}: {listing.product_tools.map((tool) => tool.title).join(', ')}
            </Text>
          )}
        </Section>
      )}
      {(listing.regions.length > 0 || listing.countries.length > 0) && (
        <Section title={t('marketplace.public.availability')}>
          <Text size="sm">
            {(listing.regions.length
              ? listing.regions.map((r) => r.name)
              : listing.countries.map((c) => c.name)
            ).join(', ')}
          </Text>
        </Section>
      )}
      {listing.about && (
        <Section title={t('marketplace.public.about')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.about}</Text>
        </Section>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The contact button per the listing's contact option. */
function ContactButton({ listing }: { listing: MarketplaceListing }) {
  const { t } = useTranslation();
  const { contact } = listing;
  if (contact.option === 'contact_us' && contact.email)
    return (
      <Button component="a" href={`mailto:${contact.email}`}>
        {t('marketplace.public.contactUs')}
      </Button>
    );
  if (contact.option === 'learn_how' && contact.url)
    return (
      <Button component="a" href={contact.url} target="_blank" rel="noopener noreferrer">
        {t('marketplace.public.learnHow')}
      </Button>
    );
  if (contact.option === 'lead')
    return (
      <Button component="a" href={`mailto:${listing.support_email ?? ''}`}>
        {t('marketplace.public.requestInfo')}
      </Button>
    );
  return null;
}
