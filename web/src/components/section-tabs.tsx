// Tabs that stay accessible on a phone. antd's Tabs move the labels that do not fit into a
// "more" button placed inside the role="tablist", which WCAG checkers refuse (a tablist may
// hold tabs only) and which hides sections behind a second tap. Below 768 px the sections are
// chosen with a full-width segmented control instead (a radio group); above, antd's Tabs.
// The chosen section is kept when the window crosses the breakpoint.
import { useState, type ReactNode } from 'react';
import { Segmented, Tabs } from 'antd';
import { useIsPhone } from '../lib/use-media-query';

export interface Section {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export function SectionTabs({ items, size, ariaLabel }: { items: Section[]; size?: 'small' | 'middle' | 'large'; ariaLabel: string }) {
  const phone = useIsPhone();
  const [active, setActive] = useState(items[0]?.key);
  const current = items.find((i) => i.key === active) ?? items[0];
  if (!phone) return <Tabs size={size} activeKey={current?.key} onChange={setActive} items={items} />;
  return (
    <div>
      <Segmented
        block
        aria-label={ariaLabel}
        value={current?.key}
        onChange={(v) => setActive(String(v))}
        options={items.map((i) => ({ value: i.key, label: i.label }))}
        style={{ marginBottom: 12 }}
      />
      <div>{current?.children}</div>
    </div>
  );
}
