/** The public marketplace: published listings, their pages and media, and the views they count. */
export { hasViews, today, viewsPerDay } from './marketplace.service.ts';
