/**
 * The pure OpenAPI classifier (issue 27): the difference between two OpenAPI 3.x documents as
 * changes, each classified by GitHub's published rules (kinds.ts). No I/O, no external binary.
 */
import { type Change, type ChangeKind, KIND_RULES } from './kinds.ts';
import {
  deref,
  type Field,
  fields,
  type Json,
  jsonSchemaOf,
  typeOf,
  VALIDATION_KEYWORDS,
} from './schema-walk.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = { method: string; path: string; op: Json; item: Json };

function operations(doc: Json): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, rawItem] of Object.entries<Json>(doc?.paths ?? {})) {
    const item = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      if (item[method])
        out.set(`${method.toUpperCase()} ${path}`, {
          method: method.toUpperCase(),
          path,
          op: item[method],
          item,
        });
    }
  }
  return out;
}

type Emit = (kind: ChangeKind, location: string, detail: string) => void;

function emitterFor(out: Change[], at: Operation): Emit {
  return (kind, location, detail) =>
    out.push({
      kind,
      ...KIND_RULES[kind],
      method: at.method,
      path: at.path,
      operationId: at.op?.operationId,
      location,
      summary: `${detail} (${at.method} ${at.path})`,
    });
}

/** Parameters of an operation (path-level ones too, overridden by the operation's), by `in name`. */
function parameters(doc: Json, at: Operation): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const raw of [...(at.item.parameters ?? []), ...(at.op.parameters ?? [])]) {
    const param = deref(doc, raw);
    if (param?.name && param.in) out.set(`${param.in} parameter ${param.name}`, param);
  }
  return out;
}

/** Type, enum and validation differences of one schema; enum removals and new rules count on requests only. */
function compareSchemas(emit: Emit, before: Json, after: Json, where: string, side: 'request' | 'response') {
  if (!before || !after) return;
  const [bt, at] = [typeOf(before), typeOf(after)];
  if (bt && at && bt !== at) emit('type_changed', where, `The type of ${where} changed from ${bt} to ${at}`);
  const bEnum: unknown[] = Array.isArray(before.enum) ? before.enum : [];
  const aEnum: unknown[] = Array.isArray(after.enum) ? after.enum : [];
  if (bEnum.length && aEnum.length) {
    const removed = bEnum.filter((v) => !aEnum.includes(v));
    const added = aEnum.filter((v) => !bEnum.includes(v));
    if (removed.length && side === 'request')
      emit('enum_value_removed', where, `${where} no longer accepts ${removed.map(String).join(', ')}`);
    if (added.length)
      emit('enum_value_added', where, `${where} adds the value ${added.map(String).join(', ')}`);
  }
  if (side === 'request') {
    const added = VALIDATION_KEYWORDS.filter((k) => after[k] !== undefined && before[k] === undefined);
    if (added.length) emit('validation_added', where, `${where} is now validated (${added.join(', ')})`);
  }
}

function compareParameters(doc: [Json, Json], emit: Emit, before: Operation, after: Operation) {
  const [bp, ap] = [parameters(doc[0], before), parameters(doc[1], after)];
  for (const [key, param] of bp) {
    if (!ap.has(key)) emit('parameter_removed', key, `Removed the ${param.in} parameter ${param.name}`);
  }
  for (const [key, param] of ap) {
    const old = bp.get(key);
    if (!old) {
      if (param.required)
        emit('required_parameter_added', key, `Added the required ${param.in} parameter ${param.name}`);
      else if (param.in === 'header')
        emit('optional_header_added', key, `Added the optional header ${param.name}`);
      else emit('optional_parameter_added', key, `Added the optional ${param.in} parameter ${param.name}`);
      continue;
    }
    if (!old.required && param.required)
      emit('parameter_made_required', key, `The ${param.in} parameter ${param.name} is now required`);
    compareSchemas(emit, deref(doc[0], old.schema), deref(doc[1], param.schema), key, 'request');
  }
}

function compareFieldMaps(
  emit: Emit,
  before: Map<string, Field>,
  after: Map<string, Field>,
  label: string,
  side: 'request' | 'response',
) {
  for (const name of before.keys()) {
    if (after.has(name)) continue;
    const where = `${label} ${name}`;
    if (side === 'request') emit('parameter_removed', where, `Removed the ${where}`);
    else emit('response_field_removed', where, `Removed the ${where}`);
  }
  for (const [name, field] of after) {
    const where = `${label} ${name}`;
    const old = before.get(name);
    if (!old) {
      if (side === 'response') emit('response_field_added', where, `Added the ${where}`);
      else if (field.required) emit('required_parameter_added', where, `Added the required ${where}`);
      else emit('optional_parameter_added', where, `Added the optional ${where}`);
      continue;
    }
    if (side === 'request' && !old.required && field.required)
      emit('parameter_made_required', where, `The ${where} is now required`);
    compareSchemas(emit, old.schema, field.schema, where, side);
  }
}

const successOf = (responses: Json) =>
  Object.keys(responses ?? {})
    .filter((code) => /^2/.test(code))
    .sort();

function compareResponses(doc: [Json, Json], emit: Emit, before: Operation, after: Operation) {
  const bCodes = successOf(before.op.responses);
  const aCodes = new Set(successOf(after.op.responses));
  for (const code of bCodes.filter((c) => aCodes.has(c))) {
    const [bRes, aRes] = [deref(doc[0], before.op.responses[code]), deref(doc[1], after.op.responses[code])];
    const [bSchema, aSchema] = [jsonSchemaOf(doc[0], bRes), jsonSchemaOf(doc[1], aRes)];
    const [bFields, aFields] = [fields(doc[0], bSchema), fields(doc[1], aSchema)];
    compareFieldMaps(emit, bFields, aFields, 'response field', 'response');
    if (bSchema && aSchema && !bFields.size && !aFields.size)
      compareSchemas(emit, deref(doc[0], bSchema), deref(doc[1], aSchema), `response ${code}`, 'response');
    const bHeaders = Object.keys(bRes?.headers ?? {}).map((h) => h.toLowerCase());
    for (const header of Object.keys(aRes?.headers ?? {})) {
      if (!bHeaders.includes(header.toLowerCase()))
        emit('response_header_added', `response header ${header}`, `Added the response header ${header}`);
    }
    const aHeaders = Object.keys(aRes?.headers ?? {}).map((h) => h.toLowerCase());
    for (const header of Object.keys(bRes?.headers ?? {})) {
      if (!aHeaders.includes(header.toLowerCase()))
        emit('response_field_removed', `response header ${header}`, `Removed the response header ${header}`);
    }
  }
}

const securityOf = (doc: Json, op: Json) => JSON.stringify(op.security ?? doc?.security ?? []);

function compareOperation(doc: [Json, Json], out: Change[], before: Operation, after: Operation) {
  const emit = emitterFor(out, after);
  if (!before.op.deprecated && after.op.deprecated) emit('deprecated', '', 'Deprecated');
  if (securityOf(doc[0], before.op) !== securityOf(doc[1], after.op))
    emit('authentication_changed', 'security', 'Authentication changed');
  compareParameters(doc, emit, before, after);
  const [bBody, aBody] = [
    jsonSchemaOf(doc[0], before.op.requestBody),
    jsonSchemaOf(doc[1], after.op.requestBody),
  ];
  compareFieldMaps(emit, fields(doc[0], bBody), fields(doc[1], aBody), 'body field', 'request');
  compareResponses(doc, emit, before, after);
}

/** Every classified change from `before` to `after`, in document order (stable). */
export function diffOpenApi(before: Json, after: Json): Change[] {
  const out: Change[] = [];
  const [bOps, aOps] = [operations(before), operations(after)];
  for (const [key, op] of bOps) {
    const next = aOps.get(key);
    if (next) {
      compareOperation([before, after], out, op, next);
      continue;
    }
    const pathGone = !(op.path in (after?.paths ?? {}));
    const emit = emitterFor(out, op);
    if (pathGone) emit('endpoint_removed', '', 'Removed endpoint');
    else emit('operation_removed', '', 'Removed operation');
  }
  for (const [key, op] of aOps) {
    if (!bOps.has(key)) emitterFor(out, op)('operation_added', '', `New endpoint: ${op.op.summary ?? key}`);
  }
  return out;
}

/** A change's identity within one import (the proposal's unique key). */
export const changeKey = (change: Change) =>
  `${change.kind}:${change.method} ${change.path}:${change.location}`;
