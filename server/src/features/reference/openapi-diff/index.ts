export { changeKey, diffOpenApi } from './diff.ts';
export {
  ADDITIVE_KINDS,
  BREAKING_KINDS,
  CHANGE_KINDS,
  type Change,
  type ChangeKind,
  KIND_RULES,
} from './kinds.ts';
