// A quick-search box as wide as its placeholder in the user's language (issue 10: search
// placeholders fit their box). A hidden copy of the placeholder sizes the grid cell the input
// fills, so no language is cut off and no width is guessed per language; on a narrow screen the
// box still never grows beyond its container.
import { Input } from 'antd';
import type { GetProps } from 'antd';

type SearchProps = GetProps<typeof Input.Search>;

/** Room beside the text: the input's padding and border, the clear icon and the search button. */
const CHROME = 88;

export function SearchBox({ placeholder, style, ...props }: SearchProps) {
  return (
    <div style={{ minWidth: 200, verticalAlign: 'middle', ...style, display: 'inline-grid', maxWidth: '100%' }}>
      <Input.Search allowClear placeholder={placeholder} {...props} style={{ gridArea: '1 / 1', width: '100%', minWidth: 0 }} />
      <span
        aria-hidden
        style={{ gridArea: '1 / 1', visibility: 'hidden', height: 0, overflow: 'hidden', whiteSpace: 'pre', paddingInlineEnd: CHROME }}
      >
        {placeholder}
      </span>
    </div>
  );
}
