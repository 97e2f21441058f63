/** The public marketplace: published listings, their pages and media, and the views they count. */
export {
  firstViewedOn,
  recordListingView,
  today,
  viewsBetween,
  viewsPerDay,
} from './marketplace.service.ts';
