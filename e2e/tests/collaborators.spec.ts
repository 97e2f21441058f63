import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEVELOPER_EMAIL, PORTAL_URL } from '../support/env.ts';
import { linkIn, waitForMail } from '../support/mail.ts';
import { createAppOnPage, signInTo, uniqueEmail } from '../support/session.ts';

const PASSWORD = 'invitee-password-123';

function invitationLink(text: string): string {
  const match = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[0];
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: PORTAL_URL });
  return context.newPage();
}

async function invite(page: Page, email: string, role: 'Developer' | 'Admin' = 'Developer') {
  const panel = page.getByRole('region', { name: 'Collaborators' });
  await panel.getByRole('button', { name: 'Add collaborator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add collaborator' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('radio', { name: role }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Pending invitation')).toBeVisible();
}

test('invite, sign up and accept, promote, transfer ownership, cancel a pending invitation', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const appName = `Collab App ${Date.now()}`;
  const inviteeEmail = uniqueEmail('ivy');

  // The owner creates an app and invites a new address as developer.
  await signInTo(page, DEVELOPER_EMAIL, '/developer_apps');
  await createAppOnPage(page, appName);
  const appPath = new URL(page.url()).pathname;
  const panel = page.getByRole('region', { name: 'Collaborators' });
  await expect(panel.getByRole('row').filter({ hasText: DEVELOPER_EMAIL })).toBeVisible();
  await invite(page, inviteeEmail);

  // The invitation arrives at the SMTP sink.
  const mail = await waitForMail(
    inviteeEmail,
    new RegExp(`Dana Developer invited you to collaborate on ${appName}`),
  );
  expect(mail.text).toContain(`as Developer`);
  const link = invitationLink(mail.text);

  // The invitee opens the link signed out, creates an account, confirms it and accepts.
  const invitee = await newPage(browser);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: `Join ${appName}` })).toBeVisible();
  await expect(
    invitee.getByText(`Dana Developer invited you to collaborate on ${appName} as Developer.`),
  ).toBeVisible();
  const invitationPage = invitee.getByRole('region', { name: `Join ${appName}` });
  await invitationPage.getByRole('link', { name: 'Create an account' }).click();
  await invitee.getByRole('textbox', { name: 'Name', exact: true }).fill('Ivy Invitee');
  // The invited address is already filled in.
  await expect(invitee.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(inviteeEmail);
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByText(`We sent a confirmation link to ${inviteeEmail}.`)).toBeVisible();
  const confirm = await waitForMail(inviteeEmail, /Confirm your/);
  // The confirmation link brings them back to the invitation, signed in.
  await invitee.goto(linkIn(confirm.text, '/confirm'));
  await expect(invitee.getByText('Your email address has been confirmed.')).toBeVisible();
  await expect(invitee).toHaveURL(/\/invitations\//);
  await expect(invitee.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee).toHaveURL(new RegExp(`${appPath}$`));

  // The app is in their index with the developer role, and its controls are read-only.
  await invitee.goto('/developer_apps');
  const indexRow = invitee.getByRole('row').filter({ hasText: appName });
  await expect(indexRow.getByText('Developer')).toBeVisible();
  await indexRow.getByRole('link', { name: appName }).click();
  const settings = invitee.getByRole('region', { name: 'App Settings' });
  await expect(settings.getByRole('textbox', { name: 'Redirect URIs' })).toBeDisabled();
  await expect(invitee.getByRole('region', { name: 'Delete App' })).toHaveCount(0);
  const inviteePanel = invitee.getByRole('region', { name: 'Collaborators' });
  await expect(inviteePanel.getByRole('row').filter({ hasText: inviteeEmail })).toBeVisible();
  await expect(inviteePanel.getByRole('button', { name: 'Add collaborator' })).toHaveCount(0);

  // The inviter hears about it; the owner promotes the new collaborator to admin.
  await waitForMail(DEVELOPER_EMAIL, new RegExp(`Ivy Invitee joined ${appName}`));
  await page.reload();
  const ivyRow = panel.getByRole('row').filter({ hasText: inviteeEmail });
  await expect(ivyRow.getByText('Pending invitation')).toHaveCount(0);
  // The box follows the server's answer, so click (not check) and wait for it.
  await ivyRow.getByRole('checkbox', { name: 'Admin role for Ivy Invitee' }).click();
  await expect(ivyRow.getByRole('checkbox', { name: 'Admin role for Ivy Invitee' })).toBeChecked();
  await expect(ivyRow.getByRole('checkbox', { name: 'Developer role for Ivy Invitee' })).not.toBeChecked();
  await invitee.reload();
  await expect(settings.getByRole('textbox', { name: 'Redirect URIs' })).toBeEnabled();
  await expect(inviteePanel.getByRole('button', { name: 'Add collaborator' })).toBeVisible();

  // The owner transfers ownership; they become admin and lose the delete card.
  await expect(page.getByRole('region', { name: 'Delete App' })).toBeVisible();
  await ivyRow.getByRole('button', { name: 'Actions for Ivy Invitee' }).click();
  await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer ownership' });
  await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(panel.getByText('Ivy Invitee is now the owner. You are now an admin.')).toBeVisible();
  await expect(ivyRow.getByRole('checkbox', { name: 'Owner role for Ivy Invitee' })).toBeChecked();
  const meRow = panel.getByRole('row').filter({ hasText: DEVELOPER_EMAIL });
  await expect(meRow.getByRole('checkbox', { name: 'Admin role for Dana Developer' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Delete App' })).toHaveCount(0);
  await waitForMail(inviteeEmail, new RegExp(`Ownership of ${appName} was transferred`));
  await invitee.reload();
  await expect(invitee.getByRole('region', { name: 'Delete App' })).toBeVisible();

  // The former owner, now admin, invites someone else and cancels the pending invitation.
  const canceledEmail = uniqueEmail('cancelme');
  await invite(page, canceledEmail, 'Admin');
  await waitForMail(canceledEmail, /invited you to collaborate/);
  await panel.getByRole('button', { name: `Actions for ${canceledEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel invite' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel invite' });
  await cancel.getByRole('button', { name: 'Cancel invite' }).click();
  await expect(panel.getByText(`The invitation to ${canceledEmail} was canceled.`)).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: canceledEmail })).toHaveCount(0);
  const canceledMail = await waitForMail(canceledEmail, /was canceled/);
  expect(canceledMail.subject).toBe(`Your invitation to ${appName} was canceled`);
});
