import { randomUUID } from 'node:crypto';
import type { Contact, ContactInput, UpdateContactBody } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadAppAccess } from './app-access.ts';
import { type StoredContact, updateContactRow } from './apps.repo.ts';

/** The web page where a contact is edited (spec developer-apps §3 `links.edit`). */
export const contactEditPath = (appId: string, contactId: string) =>
  `/developer_apps/${appId}/contacts/${contactId}/edit`;

export const presentContacts = (appId: string, contacts: StoredContact[]): Contact[] =>
  contacts.map(({ id, name, email }) => ({ id, name, email, links: { edit: contactEditPath(appId, id) } }));

/**
 * The contacts list as sent in the settings: a contact keeps its id when it names one of the app's
 * current contacts (once); any other contact is new and gets a fresh id.
 */
export function assignContactIds(current: StoredContact[], sent: ContactInput[]): StoredContact[] {
  const known = new Set(current.map((contact) => contact.id));
  return sent.map(({ id, name, email }) => {
    const keep = id !== undefined && known.delete(id);
    return { id: keep ? id : randomUUID(), name, email };
  });
}

/** Edits one contact; the same right as the settings' contacts field (owner and admin). */
export async function updateContact(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  contactId: string,
  body: UpdateContactBody,
): Promise<Contact> {
  const access = await loadAppAccess(ctx, user, appId);
  if (!access.permissions.canEdit) throw new AppError('forbidden', 'You do not have permission to edit');
  const contact = await updateContactRow(ctx, appId, contactId, (stored) => ({
    ...stored,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
  }));
  if (!contact) throw notFound('Contact');
  return presentContacts(appId, [contact])[0]!;
}
