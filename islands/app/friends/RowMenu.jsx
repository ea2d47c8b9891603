// A row's "more" button and its menu: the app's context menu (../ui/ContextMenu.jsx) opened under
// the button. The row may share its own context menu (`menu`, from useContextMenu on the row: a
// right click, a long press, the Menu key or Shift+F10), so both show the same list.
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical';
import { useRef } from 'react';
import ContextMenu from '../ui/ContextMenu.jsx';
import { pointUnder, useContextMenu } from '../ui/useContextMenu.js';

export default function RowMenu({ label, items, menu: shared }) {
  const button = useRef(null);
  const own = useContextMenu();
  const menu = shared ?? own;
  return (
    <>
      <button ref={button} type="button" className="friend-action" aria-label={label} title={label}
        aria-haspopup="menu" aria-expanded={Boolean(menu.at)}
        onClick={() => (menu.at ? menu.close() : menu.open(pointUnder(button.current), button.current))}>
        <EllipsisVertical size={18} aria-hidden="true" />
      </button>
      {menu.at && <ContextMenu {...menu.props} items={items} label={label} />}
    </>
  );
}
