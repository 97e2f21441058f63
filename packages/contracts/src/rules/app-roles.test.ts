import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP_ROLE_MATRIX, appPermissions, roleAllows } from './app-roles.ts';
import { corsDomainError, redirectUriError } from './app-validation.ts';

const developer = { role: 'developer', employee: false } as const;

test('the matrix has the 9 rows of the spec, delete for the owner only', () => {
  assert.equal(APP_ROLE_MATRIX.length, 9);
  assert.deepEqual(
    APP_ROLE_MATRIX.filter((row) => !(row.roles as readonly string[]).includes('developer')).map(
      (row) => row.label,
    ),
    [
      'Edit App Settings',
      'Create, Modify and Publish Manifests',
      'Submit Marketplace Listing for Review',
      'Reset Client Secret',
      'Update Collaborator Permissions',
      'Delete App',
    ],
  );
  assert.equal(roleAllows('admin', 'deleteApp'), false);
  assert.equal(roleAllows(null, 'viewManifests'), false);
});

test('flags follow the role on the app and the platform role', () => {
  assert.equal(appPermissions('owner', developer).canDestroy, true);
  assert.equal(appPermissions('admin', developer).canDestroy, false);
  assert.equal(appPermissions('admin', developer).canModifyCredentials, true);
  assert.equal(appPermissions('developer', developer).canEdit, false);
  assert.equal(appPermissions('developer', developer).canViewClientCredentials, true);
  assert.equal(appPermissions('owner', developer).canGenerateFakeSandbox, false);
  assert.equal(appPermissions('developer', { role: 'admin', employee: true }).canGenerateFakeSandbox, true);
  assert.equal(appPermissions(null, { role: 'admin', employee: true }).canGenerateFakeSandbox, false);
  assert.equal(appPermissions('admin', developer).canGenerateSandbox, false);
});

test('redirect URI and CORS rules', () => {
  assert.equal(
    redirectUriError('https://a.example.com/cb\nhttp://localhost:3000/cb\nurn:ietf:wg:oauth:2.0:oob'),
    null,
  );
  assert.match(redirectUriError('http://a.example.com') ?? '', /HTTPS/);
  assert.match(redirectUriError('https://*.example.com') ?? '', /wildcards/);
  assert.equal(corsDomainError('https://a.example.com, http://localhost:5173'), null);
  assert.ok(corsDomainError('https://a.example.com/path'));
});
