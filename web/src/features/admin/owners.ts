/**
 * The created-by filter in the URL: `id:email` pairs, comma-separated, so a shared or reloaded
 * link shows the same e-mails in the picker without another request.
 */
export type OwnerOption = { id: string; email: string };

export function parseOwners(value: string): OwnerOption[] {
  if (!value) return [];
  return value.split(',').flatMap((pair) => {
    const at = pair.indexOf(':');
    return at > 0 ? [{ id: pair.slice(0, at), email: pair.slice(at + 1) }] : [];
  });
}

export const formatOwners = (owners: OwnerOption[]) => owners.map((o) => `${o.id}:${o.email}`).join(',');

export const ownerIds = (value: string) => parseOwners(value).map((owner) => owner.id);
