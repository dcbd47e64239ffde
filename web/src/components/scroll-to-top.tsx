// Spec §9: a scroll-to-top button that appears once the page is scrolled 300 px down and
// scrolls back up over 600 ms (at once when the user prefers reduced motion). It is a real
// button, so it is reachable with the keyboard, and has a translated label.
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';

export const SCROLL_TOP_OFFSET = 300;
export const SCROLL_TOP_DURATION_MS = 600;

// The shell scrolls the window; naming it keeps antd from reading the document instead.
const windowTarget = () => window;

export function ScrollToTop() {
  const { t } = useTranslation('common');
  const label = t('scroll_top');
  return (
    <FloatButton.BackTop
      target={windowTarget}
      visibilityHeight={SCROLL_TOP_OFFSET}
      duration={SCROLL_TOP_DURATION_MS}
      aria-label={label}
      tooltip={label}
      data-testid="scroll-to-top"
    />
  );
}
