// Registers the service worker (dist/sw.js, written by build/pwa.ts) in the built app, and
// reports a new version that is ready, so the user can be asked before the page reloads.

/** Called when a new version waits; apply() makes it take over and reloads the page. */
export type UpdateHandler = (apply: () => void) => void;

export function registerServiceWorker(onUpdate: UpdateHandler) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let accepted = false;
  // The first install also changes the controller (clients.claim); only an update the user
  // accepted reloads the page.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
  const register = () =>
    navigator.serviceWorker.register('/sw.js').then((reg) => {
      const offer = () => {
        const waiting = reg.waiting;
        if (!waiting || !navigator.serviceWorker.controller) return;
        onUpdate(() => {
          accepted = true;
          waiting.postMessage({ type: 'SKIP_WAITING' });
        });
      };
      offer();
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer();
        });
      });
      // A tab left open for days still learns of a release.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void reg.update().catch(() => {});
      });
    });
  if (document.readyState === 'complete') void register().catch(() => {});
  else window.addEventListener('load', () => void register().catch(() => {}), { once: true });
}
