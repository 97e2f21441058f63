import { expect, test } from '@playwright/test';
import { confirmedDeveloper, PASSWORD } from '../support/api.ts';
import { linkIn, waitForMail } from '../support/mail.ts';
import { uniqueEmail } from '../support/session.ts';

test("signing up with the header's Sign up on an invitation page fills in the address and comes back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An owner (through the API) invites an address that has no account yet.
  const owner = await confirmedDeveloper('Owen Owner');
  const created = await owner.api.post('/api/v1/developer_apps', {
    headers: owner.api.csrf,
    data: { internal_name: `Invite App ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const app = await created.json();
  const inviteeEmail = uniqueEmail('header.signup');
  const invited = await owner.api.post('/api/v1/invitations', {
    headers: owner.api.csrf,
    data: { developer_app_id: app.id, email: inviteeEmail, role: 'developer' },
  });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(inviteeEmail, /invited you to collaborate/);
  const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const invitationPath = new URL(link!).pathname;

  // The invitee opens the link signed out and uses the header's Sign up, not the page's own link.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `Join ${app.internal_name}` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(`/sign_up?next=${encodeURIComponent(invitationPath)}`);
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveValue(inviteeEmail);
  await expect(page.getByText(`You were invited to collaborate on ${app.internal_name}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Hana Header');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${inviteeEmail}.`)).toBeVisible();

  // The confirmation link brings them back to the invitation, signed in, to accept it.
  const confirm = await waitForMail(inviteeEmail, /Confirm your/);
  await page.goto(linkIn(confirm.text, '/confirm'));
  await expect(page).toHaveURL(invitationPath);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(`/developer_apps/${app.id}`);
});
