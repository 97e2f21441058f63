export { MarketplacePreviewPage } from './marketplace-listing-page.tsx';
