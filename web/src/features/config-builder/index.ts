// What other features use of the Configuration Builder: the tabbed app page's Configurations tab,
// and the opt-in (the hook that says which app page a person sees, its banner and its toggle).
export { ConfigurationsTab } from './components/configurations/configurations-tab.tsx';
export { OptInBanner, OptInToggle } from './components/opt-in.tsx';
export { useDeveloperAppsBeta } from './opt-in.ts';
