/**
 * What the OpenAPI classifier reports, and how each kind becomes a changelog entry: GitHub's
 * published rules for breaking and additive API changes (issue 27), plus deprecated flags and
 * removed endpoints.
 */
import type { ChangelogType } from '@portal/contracts';

export const BREAKING_KINDS = [
  'operation_removed',
  'parameter_removed',
  'response_field_removed',
  'required_parameter_added',
  'parameter_made_required',
  'type_changed',
  'enum_value_removed',
  'validation_added',
  'authentication_changed',
] as const;

export const ADDITIVE_KINDS = [
  'operation_added',
  'optional_parameter_added',
  'optional_header_added',
  'response_field_added',
  'response_header_added',
  'enum_value_added',
] as const;

export const CHANGE_KINDS = [...BREAKING_KINDS, ...ADDITIVE_KINDS, 'deprecated', 'endpoint_removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Each kind's entry type and breaking flag. */
export const KIND_RULES: Record<ChangeKind, { type: ChangelogType; breaking: boolean }> = {
  operation_removed: { type: 'sunset', breaking: true },
  parameter_removed: { type: 'refinement', breaking: true },
  response_field_removed: { type: 'refinement', breaking: true },
  required_parameter_added: { type: 'refinement', breaking: true },
  parameter_made_required: { type: 'refinement', breaking: true },
  type_changed: { type: 'refinement', breaking: true },
  enum_value_removed: { type: 'refinement', breaking: true },
  validation_added: { type: 'refinement', breaking: true },
  authentication_changed: { type: 'refinement', breaking: true },
  operation_added: { type: 'new', breaking: false },
  optional_parameter_added: { type: 'feature', breaking: false },
  optional_header_added: { type: 'feature', breaking: false },
  response_field_added: { type: 'feature', breaking: false },
  response_header_added: { type: 'feature', breaking: false },
  enum_value_added: { type: 'feature', breaking: false },
  deprecated: { type: 'deprecated', breaking: false },
  endpoint_removed: { type: 'sunset', breaking: true },
};

/** One classified difference between two documents, on one operation. */
export type Change = {
  kind: ChangeKind;
  type: ChangelogType;
  breaking: boolean;
  method: string;
  path: string;
  operationId: string | undefined;
  /** Where in the operation (`query parameter status`, `response field data.name`), '' for the operation. */
  location: string;
  summary: string;
};
