// Which theme the OS asks for, as reactive state: charts read it so they redraw in the other
// theme's colours when the setting changes while Lockdesk is open.
export const scheme = $state<{ dark: boolean }>({ dark: false });

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  scheme.dark = query.matches;
  query.addEventListener('change', (e) => (scheme.dark = e.matches));
}
