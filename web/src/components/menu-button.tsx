// A button that opens a short menu (language, theme, the user's account). antd's Dropdown
// does this too, but brings its whole Menu (about 20 kB compressed) into the sign-in page,
// which must stay small (issue 11, "Served small"). Keyboard behaviour follows the WAI-ARIA
// menu button pattern: Enter, Space or ArrowDown opens it on the first or checked item, the
// arrows, Home and End move, Enter or Space chooses, Escape and Tab close it and focus goes
// back to the button.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, theme, type ButtonProps } from 'antd';

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** A line above this item. */
  dividerBefore?: boolean;
}

interface MenuButtonProps {
  items: MenuButtonItem[];
  /** The checked item of a choice (menuitemradio); none for a plain action menu. */
  selectedKey?: string;
  onSelect: (key: string) => void;
  /** The button: its icon, label, test id and aria-label. */
  button: ButtonProps & { 'data-testid'?: string; children?: ReactNode };
  /** The menu opens below the button, aligned to its right edge (the header's right side). */
  align?: 'left' | 'right';
}

export function MenuButton({ items, selectedKey, onSelect, button, align = 'right' }: MenuButtonProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const menuId = useId();

  const start = () => Math.max(0, items.findIndex((i) => i.key === selectedKey));

  useEffect(() => {
    if (!open) return;
    itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const choose = (key: string) => {
    close(true);
    onSelect(key);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(e.key === 'ArrowUp' ? items.length - 1 : start());
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const last = items.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((a) => (a >= last ? 0 : a + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((a) => (a <= 0 ? last : a - 1));
        break;
      case 'Home':
        e.preventDefault();
        setActive(0);
        break;
      case 'End':
        e.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        choose(items[active].key);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const { children, ...buttonProps } = button;
  return (
    <div ref={wrapper} style={{ position: 'relative', display: 'inline-flex', flex: 'none' }}>
      <Button
        type="text"
        {...buttonProps}
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setActive(start());
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        {children}
      </Button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          onKeyDown={onMenuKey}
          style={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            [align]: 0,
            zIndex: 1050,
            margin: 0,
            padding: 4,
            listStyle: 'none',
            minWidth: 160,
            maxWidth: 'calc(100vw - 16px)',
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            lineHeight: 1.4,
          }}
        >
          {items.map((item, i) => {
            const checked = selectedKey !== undefined ? item.key === selectedKey : undefined;
            return (
              <li
                key={item.key}
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                role={checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={checked}
                tabIndex={i === active ? 0 : -1}
                onClick={() => choose(item.key)}
                onMouseEnter={() => setActive(i)}
                className="menu-button-item"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  minHeight: 40,
                  padding: '0 12px',
                  borderRadius: token.borderRadiusSM,
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                  outlineOffset: -2,
                  color: item.danger ? token.colorErrorText : token.colorText,
                  background: checked ? token.colorPrimaryBg : i === active ? token.controlItemBgHover : undefined,
                  fontWeight: checked ? 600 : undefined,
                  borderTop: item.dividerBefore ? `1px solid ${token.colorSplit}` : undefined,
                  marginTop: item.dividerBefore ? 4 : undefined,
                }}
              >
                {item.icon}
                {item.label}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
