import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';

import type { VirtualList } from './useVirtualList';
import { useVirtualList, useWindowVirtualList } from './useVirtualList';

const ROW_PX = 50;
const GAP_PX = 10;
const COUNT = 1000;
/** The whole list's height: every row and the gaps between them. */
const TOTAL_PX = COUNT * ROW_PX + (COUNT - 1) * GAP_PX;

function Rows({ list }: { list: VirtualList }) {
  return (
    <ul style={{ paddingTop: list.paddingTop, paddingBottom: list.paddingBottom }}>
      {list.rows.map((row) => (
        <li key={row.key} data-index={row.index}>
          Row {row.index}
        </li>
      ))}
    </ul>
  );
}

function BoxList() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useVirtualList({
    scrollRef,
    initialRect: { width: 0, height: 300 },
    count: COUNT,
    estimateSize: ROW_PX,
    gap: GAP_PX,
    overscan: 2,
    getItemKey: (index) => `row-${index}`,
  });
  return (
    <div ref={scrollRef} data-testid="box">
      <Rows list={list} />
    </div>
  );
}

function PageList({ top }: { top: number }) {
  return (
    <Rows
      list={useWindowVirtualList({ scrollMargin: top, count: COUNT, estimateSize: ROW_PX, gap: GAP_PX, overscan: 2 })}
    />
  );
}

const shownRows = () => screen.getAllByRole('listitem').map((item) => Number(item.dataset.index));
const list = () => screen.getByRole('list');
const padding = () => ({
  top: parseFloat(list().style.paddingTop),
  bottom: parseFloat(list().style.paddingBottom),
});

/** The padding and the rows in the DOM add up to the whole list, so the scroll bar is the whole list's. */
function expectWholeHeight() {
  const rows = shownRows();
  const rowsPx = rows.length * ROW_PX + (rows.length - 1) * GAP_PX;
  const { top, bottom } = padding();
  // The padding holds the gap next to each row out of view.
  const first = rows[0] ?? 0;
  expect(top).toBe(first * (ROW_PX + GAP_PX));
  expect(top + rowsPx + bottom).toBe(TOTAL_PX);
}

test('a list in its own box renders the rows in view, and padding for the rest', async () => {
  render(<BoxList />);
  // jsdom lays nothing out: the box is taken to be NO_LAYOUT_RECT's 768 px tall, which shows 13 rows
  // of 60 px (row and gap); two more follow for overscan.
  expect(shownRows()).toEqual(Array.from({ length: 15 }, (_, index) => index));
  expectWholeHeight();

  const box = screen.getByTestId('box');
  act(() => {
    box.scrollTop = 500 * (ROW_PX + GAP_PX);
    box.dispatchEvent(new Event('scroll'));
  });
  expect(await screen.findByText('Row 500')).toBeInTheDocument();
  expect(shownRows()).not.toContain(0);
  expectWholeHeight();
});

test('a list in the page counts its rows from its own top, not the document’s', () => {
  render(<PageList top={400} />);
  // The list starts 400 px down a 768 px window: rows 0 to 6 show, two more follow for overscan.
  expect(shownRows()).toEqual(Array.from({ length: 9 }, (_, index) => index));
  expect(padding().top).toBe(0);
  expectWholeHeight();
});
