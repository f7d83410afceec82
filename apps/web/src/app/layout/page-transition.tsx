import { AnimatePresence, LazyMotion, m, useIsPresent, useReducedMotion } from 'motion/react';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';

/** The animation features, in a chunk of their own (the first page shows without an enter animation). */
const loadMotionFeatures = () => import('./motion-features.ts').then((r) => r.default);

/** How long to look for the new page's heading (lazy screens may render it a little later). */
const HEADING_WAIT_MS = 3000;

// When the user last pressed a pointer or a key, and when the last navigation happened. The new page
// mounts only after the old one has animated out, so input made in between must count too: a user who
// opens a menu right after navigating keeps it (the heading never steals focus from it).
let lastInputAt = 0;
let navigatedAt = 0;
if (typeof document !== 'undefined') {
  const noteInput = () => {
    lastInputAt = performance.now();
  };
  document.addEventListener('pointerdown', noteInput, true);
  document.addEventListener('keydown', noteInput, true);
}
const userActedSinceNavigation = () => lastInputAt >= navigatedAt;

/**
 * Moves focus to the page heading (`[data-page-heading]`, set by PageHeader) once it appears in
 * this frame, so keyboard and screen-reader users start on the new page after a navigation —
 * unless the user has pressed a pointer or a key since the navigation, or the page has already
 * focused one of its own fields.
 */
function useFocusHeading(container: React.RefObject<HTMLDivElement | null>, enabled: boolean) {
  useEffect(() => {
    const root = container.current;
    if (!enabled || !root) return;
    const tryFocus = () => {
      if (userActedSinceNavigation()) return true;
      // a page that puts the cursor on its first field (the order entry's customer) keeps it there
      const active = document.activeElement;
      if (
        active &&
        active !== document.body &&
        root.contains(active) &&
        !active.matches('[data-page-heading]')
      )
        return true;
      const heading = root.querySelector<HTMLElement>('[data-page-heading]');
      if (!heading) return false;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    return stop;
  }, [container, enabled]);
}

/** One page; while it animates out it keeps showing the page it was, not the next one. */
function PageFrame({ outlet, focusHeading }: { outlet: ReactNode; focusHeading: boolean }) {
  const present = useIsPresent();
  const shown = useRef(outlet);
  if (present) shown.current = outlet;
  const ref = useRef<HTMLDivElement>(null);
  // decided when the page mounts: a later search-param change on the same page must not move focus
  const focusOnMount = useRef(focusHeading).current;
  useFocusHeading(ref, focusOnMount);
  return (
    <div ref={ref}>
      <Suspense fallback={<PageSpinner />}>{shown.current}</Suspense>
    </div>
  );
}

/**
 * The signed-in screens: fade and slide about 0.15 s between pages, none when the user prefers
 * reduced motion. Focus goes to the heading after each navigation (not on the first page load).
 */
export function AnimatedOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const reduceMotion = useReducedMotion();
  const firstKey = useRef(location.key);
  const focusHeading = location.key !== firstKey.current;
  useEffect(() => {
    // the navigation happened now; input from here on cancels the heading focus
    navigatedAt = performance.now();
  }, [location.key]);

  if (reduceMotion) {
    return <PageFrame key={location.pathname} outlet={outlet} focusHeading={focusHeading} />;
  }
  return (
    // LazyMotion + m: only the DOM animation features are bundled, not all of motion, and loaded lazily
    <LazyMotion features={loadMotionFeatures} strict>
      <AnimatePresence mode="wait" initial={false}>
        <m.div
          key={location.pathname}
          initial={{ opacity: 0, y: 8 }}
          animate={{ opacity: 1, y: 0 }}
          exit={{ opacity: 0, y: -8 }}
          transition={{ duration: 0.15, ease: 'easeOut' }}
        >
          <PageFrame outlet={outlet} focusHeading={focusHeading} />
        </m.div>
      </AnimatePresence>
    </LazyMotion>
  );
}
