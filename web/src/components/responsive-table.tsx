// One list component for the screens a member or an approver uses: a table from 768 px up,
// cards with the same content and the same actions below (issue 11). The table's columns fit
// their content (issue 10): headers and ordinary cells never wrap, so a name, a type or a date
// is never broken inside a word, and long free text (a reason, a comment) stays on one line
// with an ellipsis; the whole text is in a tooltip (on hover and on keyboard focus) and on the card.
import { isValidElement, type CSSProperties, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { Card, Empty, Flex, Pagination, Spin, Table, Tooltip, theme } from 'antd';
import type { PaginationProps, TableColumnType, TableProps } from 'antd';
import { useNarrowScreen } from '../lib/use-narrow-screen';

/** A column of a responsive list: an antd table column and how it shows on a card. */
export type ListColumn<T> = TableColumnType<T> & {
  /** Free text of any length: one line with an ellipsis and a tooltip in the table, wrapped on a card. */
  long?: boolean;
  /** The card's title on a phone (the person's name, the device's name). */
  primary?: boolean;
  /** Buttons for the row; on a card they sit at its foot. A column keyed 'actions' is one too. */
  actions?: boolean;
  /** Left off the cards (e.g. a code that the title already carries). */
  cardHidden?: boolean;
  /** Only on the cards (a fact the table shows inside another column). */
  cardOnly?: boolean;
  /** What the card shows instead of the table cell's rendering. */
  cardRender?: (row: T) => ReactNode;
};

export type ResponsiveTableProps<T> = Omit<TableProps<T>, 'columns'> & {
  columns: ListColumn<T>[];
  'data-testid'?: string;
};

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };
/** The widest a long-text cell grows before its ellipsis. */
export const LONG_TEXT_MAX = '11em';

/** Free text on one line, cut with an ellipsis; the whole text in a tooltip on hover or focus. */
export function LongText({ children, maxWidth = LONG_TEXT_MAX }: { children: ReactNode; maxWidth?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Tooltip title={children} trigger={['hover', 'focus']}>
      <span
        tabIndex={0}
        data-testid="long-text"
        style={{ display: 'inline-block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
      >
        {children}
      </span>
    </Tooltip>
  );
}

function isActions<T>(c: ListColumn<T>): boolean {
  return !!c.actions || c.key === 'actions';
}

function valueOf<T>(c: ListColumn<T>, row: T): unknown {
  const index = (c as { dataIndex?: Key | readonly Key[] }).dataIndex;
  if (index === undefined || index === null) return undefined;
  const path = Array.isArray(index) ? index : [index];
  return path.reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[String(k)]), row);
}

/** What a column shows for a row, as the table would render it. */
function contentOf<T>(c: ListColumn<T>, row: T, index: number): ReactNode {
  const value = valueOf(c, row);
  if (!c.render) return value as ReactNode;
  const out = c.render(value, row, index) as unknown;
  // antd still accepts { children, props } from render; a card only needs the children.
  if (out && typeof out === 'object' && !isValidElement(out) && 'children' in out) return (out as { children: ReactNode }).children;
  return out as ReactNode;
}

function cardContentOf<T>(c: ListColumn<T>, row: T, index: number): ReactNode {
  return c.cardRender ? c.cardRender(row) : contentOf(c, row, index);
}

function titleOf<T>(c: ListColumn<T>): ReactNode {
  return typeof c.title === 'function' ? c.title({}) : (c.title as ReactNode);
}

function keyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  if (typeof rowKey === 'string') return (row as Record<string, Key>)[rowKey];
  return (row as { key?: Key }).key ?? index;
}

function emptyContent(v: ReactNode): boolean {
  return v === null || v === undefined || v === '' || v === false;
}

/** The table's columns with headers and ordinary cells kept on one line. */
function desktopColumns<T>(columns: ListColumn<T>[]): TableColumnType<T>[] {
  return columns.filter((c) => !c.cardOnly).map(({ long, primary: _primary, actions: _actions, cardHidden: _hidden, cardOnly: _only, cardRender: _card, ...c }) => {
    void [_primary, _actions, _hidden, _only, _card];
    const headerCell = c.onHeaderCell;
    const cell = c.onCell;
    return {
      ...c,
      ellipsis: long ? false : c.ellipsis,
      onHeaderCell: (col) => {
        const own = headerCell?.(col) ?? {};
        return { ...own, style: { ...NOWRAP, ...own.style } };
      },
      onCell: long
        ? cell
        : (row, i) => {
            const own = cell?.(row, i) ?? {};
            return { ...own, style: { ...NOWRAP, ...own.style } };
          },
      render: long ? (_: unknown, row: T, i: number) => <LongText>{contentOf(c, row, i)}</LongText> : c.render,
    };
  });
}

function RowCard<T>({ row, index, columns, onRow }: { row: T; index: number; columns: ListColumn<T>[]; onRow: TableProps<T>['onRow'] }) {
  const primary = columns.find((c) => c.primary);
  const actions = columns.filter(isActions);
  const fields = columns.filter((c) => c !== primary && !isActions(c) && !c.cardHidden);
  const rowProps = onRow?.(row, index) ?? {};
  const onClick = rowProps.onClick as (() => void) | undefined;
  const clickable = onClick
    ? {
        role: 'button',
        tabIndex: 0,
        hoverable: true,
        onClick,
        onKeyDown: (e: KeyboardEvent) => {
          if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
            e.preventDefault();
            onClick();
          }
        },
      }
    : {};
  const { token } = theme.useToken();
  const footer = actions.map((c) => contentOf(c, row, index)).filter((v) => !emptyContent(v));
  return (
    <Card size="small" title={primary ? cardContentOf(primary, row, index) : undefined} data-testid="list-card" {...clickable}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: '4px 12px', margin: 0 }}>
        {fields.map((c, i) => {
          const v = cardContentOf(c, row, index);
          if (emptyContent(v)) return null;
          return (
            <div key={String(c.key ?? (c as { dataIndex?: Key }).dataIndex ?? i)} style={{ display: 'contents' }}>
              <dt style={{ margin: 0, color: token.colorTextSecondary }}>{titleOf(c)}</dt>
              <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'break-word' }}>{v}</dd>
            </div>
          );
        })}
      </dl>
      {footer.length > 0 && (
        <Flex wrap gap={8} justify="flex-end" style={{ marginTop: 12 }} data-testid="list-card-actions">
          {footer.map((v, i) => (
            <div key={i}>{v}</div>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** A table from 768 px up; below, one card per row with the same fields and actions (a list
 * with row selection or expandable rows stays a table, scrolling sideways inside its box). */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const narrow = useNarrowScreen();
  const { columns, dataSource, loading, pagination, rowKey, onRow, locale, scroll, 'data-testid': testId, ...rest } = props;
  // Selection and expansion have no card form: such a list stays a table that scrolls in its box.
  if (!narrow || rest.rowSelection || rest.expandable) {
    return (
      <Table<T>
        size="middle"
        {...rest}
        rowKey={rowKey}
        columns={desktopColumns(columns)}
        dataSource={dataSource}
        loading={loading}
        pagination={pagination}
        onRow={onRow}
        locale={locale}
        tableLayout="auto"
        scroll={{ ...scroll, x: 'max-content' }}
        data-testid={testId}
      />
    );
  }
  const rows = dataSource ?? [];
  const spinning = typeof loading === 'object' ? !!loading.spinning : !!loading;
  let pager: PaginationProps | null = null;
  if (pagination) {
    const { position: _position, ...p } = pagination;
    void _position;
    pager = p as PaginationProps;
  }
  return (
    <div data-testid={testId} data-view="cards">
      <Spin spinning={spinning}>
        {rows.length === 0 ? (
          <div>{locale?.emptyText !== undefined ? (locale.emptyText as ReactNode) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
        ) : (
          <Flex vertical gap={12}>
            {rows.map((row, i) => (
              <RowCard<T> key={keyOf(rowKey, row, i)} row={row} index={i} columns={columns} onRow={onRow} />
            ))}
          </Flex>
        )}
      </Spin>
      {pager && (pager.total ?? 0) > (pager.pageSize ?? 10) && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination simple {...pager} />
        </Flex>
      )}
    </div>
  );
}
