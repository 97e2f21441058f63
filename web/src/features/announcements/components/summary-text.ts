import { LIST_SUMMARY_TRUNCATE } from '@portal/contracts/limits';

/** The summary as plain text (markdown marks dropped), cut to 160 characters with an ellipsis. */
export function summaryText(summary: string, limit = LIST_SUMMARY_TRUNCATE): string {
  const plain = summary
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= limit) return plain;
  return `${plain.slice(0, limit).trimEnd()}...`;
}
