// The open address-book record (Enter on the address book pane).
import type { DirectoryState } from '../../../store/index.js';
import { DirectoryDetail } from '../directory/detail-pane.js';
import { bookDetailLines } from './detail-lines.js';

const find = (dir: DirectoryState, id: string) => dir.book.find((r) => r.recordId === id);

export function BookDetailPane({ width, height }: { width: number; height: number }) {
  return (
    <DirectoryDetail width={width} height={height} name="Address book" noun="record" find={find} lines={bookDetailLines} />
  );
}
