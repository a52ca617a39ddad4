type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/**
 * Lets code outside React (the HTTP client, sign-out) change the route. The router registers
 * itself at start-up so that this is a client-side navigation rather than a page load.
 */
export function registerNavigator(next: Navigate) {
  navigate = next;
}

export function navigateTo(to: string) {
  navigate(to);
}
