/**
 * The classifier's fixture corpus: two or more cases for each of the 9 breaking and 6 additive
 * classes, deprecated flags and removed endpoints. Each case changes a small base document and
 * names the one change the classifier must find (diff.test.ts holds it to 100 %).
 */
import { createBody, type Json, listParams, widget } from './corpus-base.ts';
import type { ChangeKind } from './kinds.ts';

export { corpusBase } from './corpus-base.ts';

export type CorpusCase = { name: string; expect: ChangeKind; change: (doc: Json) => void };

export const CORPUS: CorpusCase[] = [
  // Breaking
  {
    name: 'a method removed from a path that stays',
    expect: 'operation_removed',
    change: (d) => delete d.paths['/widgets/{id}'].delete,
  },
  {
    name: 'one of two methods removed',
    expect: 'operation_removed',
    change: (d) => delete d.paths['/gadgets'].put,
  },
  { name: 'query parameter removed', expect: 'parameter_removed', change: (d) => listParams(d).splice(1, 1) },
  {
    name: 'body field removed',
    expect: 'parameter_removed',
    change: (d) => delete createBody(d).properties.size,
  },
  {
    name: 'response field removed',
    expect: 'response_field_removed',
    change: (d) => delete widget(d).properties.name,
  },
  {
    name: 'nested response field removed',
    expect: 'response_field_removed',
    change: (d) => delete widget(d).properties.owner.properties.login,
  },
  {
    name: 'response header removed',
    expect: 'response_field_removed',
    change: (d) => delete d.paths['/widgets'].get.responses[200].headers['X-Count'],
  },
  {
    name: 'required query parameter added',
    expect: 'required_parameter_added',
    change: (d) =>
      listParams(d).push({ name: 'org', in: 'query', required: true, schema: { type: 'string' } }),
  },
  {
    name: 'required body field added',
    expect: 'required_parameter_added',
    change: (d) => {
      createBody(d).properties.kind = { type: 'string' };
      createBody(d).required.push('kind');
    },
  },
  {
    name: 'optional query parameter made required',
    expect: 'parameter_made_required',
    change: (d) => {
      listParams(d)[1].required = true;
    },
  },
  {
    name: 'optional body field made required',
    expect: 'parameter_made_required',
    change: (d) => createBody(d).required.push('size'),
  },
  {
    name: 'parameter type changed',
    expect: 'type_changed',
    change: (d) => {
      listParams(d)[1].schema.type = 'string';
    },
  },
  {
    name: 'response field type changed',
    expect: 'type_changed',
    change: (d) => {
      widget(d).properties.id.type = 'string';
    },
  },
  {
    name: 'enum value removed from a parameter',
    expect: 'enum_value_removed',
    change: (d) => {
      listParams(d)[0].schema.enum = ['a', 'b'];
    },
  },
  {
    name: 'enum value removed from a body field',
    expect: 'enum_value_removed',
    change: (d) => {
      createBody(d).properties.color.enum = ['red'];
    },
  },
  {
    name: 'maximum added to a parameter',
    expect: 'validation_added',
    change: (d) => {
      listParams(d)[1].schema.maximum = 100;
    },
  },
  {
    name: 'maxLength added to a body field',
    expect: 'validation_added',
    change: (d) => {
      createBody(d).properties.name.maxLength = 80;
    },
  },
  {
    name: 'pattern added to a header',
    expect: 'validation_added',
    change: (d) => {
      listParams(d)[2].schema.pattern = '^[a-f0-9]+$';
    },
  },
  {
    name: 'operation security changed',
    expect: 'authentication_changed',
    change: (d) => {
      d.paths['/widgets/{id}'].get.security = [{ apiKey: [] }];
    },
  },
  {
    name: 'operation made public',
    expect: 'authentication_changed',
    change: (d) => {
      d.paths['/gadgets'].get.security = [];
    },
  },
  // Additive
  {
    name: 'new method on a path',
    expect: 'operation_added',
    change: (d) => {
      d.paths['/widgets/{id}'].patch = {
        operationId: 'updateWidget',
        responses: { 200: { description: 'OK' } },
      };
    },
  },
  {
    name: 'new path',
    expect: 'operation_added',
    change: (d) => {
      d.paths['/sprockets'] = {
        get: { operationId: 'listSprockets', responses: { 200: { description: 'OK' } } },
      };
    },
  },
  {
    name: 'optional query parameter',
    expect: 'optional_parameter_added',
    change: (d) => listParams(d).push({ name: 'sort', in: 'query', schema: { type: 'string' } }),
  },
  {
    name: 'optional body field',
    expect: 'optional_parameter_added',
    change: (d) => {
      createBody(d).properties.label = { type: 'string' };
    },
  },
  {
    name: 'optional request header',
    expect: 'optional_header_added',
    change: (d) => listParams(d).push({ name: 'X-Locale', in: 'header', schema: { type: 'string' } }),
  },
  {
    name: 'optional header on show',
    expect: 'optional_header_added',
    change: (d) =>
      d.paths['/widgets/{id}'].get.parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        schema: { type: 'string' },
      }),
  },
  {
    name: 'response field',
    expect: 'response_field_added',
    change: (d) => {
      widget(d).properties.created_at = { type: 'string' };
    },
  },
  {
    name: 'nested response field',
    expect: 'response_field_added',
    change: (d) => {
      widget(d).properties.owner.properties.email = { type: 'string' };
    },
  },
  {
    name: 'response header',
    expect: 'response_header_added',
    change: (d) => {
      d.paths['/widgets'].get.responses[200].headers.Link = { schema: { type: 'string' } };
    },
  },
  {
    name: 'response header on show',
    expect: 'response_header_added',
    change: (d) => {
      d.paths['/widgets/{id}'].get.responses[200].headers = { ETag: { schema: { type: 'string' } } };
    },
  },
  {
    name: 'enum value on a parameter',
    expect: 'enum_value_added',
    change: (d) => {
      listParams(d)[0].schema.enum = ['a', 'b', 'c', 'd'];
    },
  },
  {
    name: 'enum value on a body field',
    expect: 'enum_value_added',
    change: (d) => {
      createBody(d).properties.color.enum = ['red', 'blue', 'green'];
    },
  },
  // Deprecated and removed endpoints
  {
    name: 'operation deprecated',
    expect: 'deprecated',
    change: (d) => {
      d.paths['/widgets'].get.deprecated = true;
    },
  },
  {
    name: 'delete deprecated',
    expect: 'deprecated',
    change: (d) => {
      d.paths['/widgets/{id}'].delete.deprecated = true;
    },
  },
  {
    name: 'path with two methods removed',
    expect: 'endpoint_removed',
    change: (d) => delete d.paths['/widgets/{id}'],
  },
  { name: 'path removed', expect: 'endpoint_removed', change: (d) => delete d.paths['/gadgets'] },
];
