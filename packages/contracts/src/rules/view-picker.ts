/** The side-panel view picker: views grouped by tool, tri-state group boxes, `<prefix>.all` expanded. */
import { ALL_VIEWS_SUFFIX, expandView, SIDEPANEL_VIEWS } from './manifest-catalog.ts';

export type ViewGroup = { tool: string; views: string[] };

/** The side-panel views grouped by tool (the key's first segment), in catalogue order. */
export function viewGroups(filter = ''): ViewGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, string[]>();
  for (const view of SIDEPANEL_VIEWS) {
    if (needle && !view.toLowerCase().includes(needle)) continue;
    const tool = view.split('.')[0]!;
    groups.set(tool, [...(groups.get(tool) ?? []), view]);
  }
  return [...groups].map(([tool, views]) => ({ tool, views }));
}

/** A group checkbox's state: every view selected, some, or none (tri-state). */
export function groupState(group: ViewGroup, selected: readonly string[]): 'all' | 'some' | 'none' {
  const count = group.views.filter((view) => selected.includes(view)).length;
  return count === 0 ? 'none' : count === group.views.length ? 'all' : 'some';
}

/** Ticking a group selects all its views; unticking (when all are selected) clears them. */
export function toggleGroup(group: ViewGroup, selected: readonly string[]): string[] {
  if (groupState(group, selected) === 'all') return selected.filter((view) => !group.views.includes(view));
  return expandViewSelections([...selected, ...group.views]);
}

/** Selections with every `<prefix>.all` expanded to the matching views; known views kept, each once. */
export function expandViewSelections(selections: readonly string[]): string[] {
  const wanted = new Set<string>();
  for (const selection of selections) {
    if (selection.endsWith(ALL_VIEWS_SUFFIX)) for (const view of expandView(selection)) wanted.add(view);
    else wanted.add(selection);
  }
  const known = SIDEPANEL_VIEWS.filter((view) => wanted.has(view));
  const unknown = [...wanted].filter((view) => !(SIDEPANEL_VIEWS as readonly string[]).includes(view));
  return [...known, ...unknown];
}
