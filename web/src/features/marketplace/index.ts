/**
 * What other features use. The admin app page's Marketplace Listing tab renders
 * `<LazyMarketplaceListingEditor appId={id} mode="admin" … />` (its own chunk); `MarketplaceListingEditor`
 * is the same component imported eagerly.
 */

export { ActivationScreen } from './components/activation-screen.tsx';
export {
  MarketplaceListingEditor,
  type MarketplaceListingEditorProps,
} from './components/listing-editor/listing-editor.tsx';
export {
  LazyMarketplaceListingEditor,
  MarketplaceListingCard,
} from './components/marketplace-listing-card.tsx';
