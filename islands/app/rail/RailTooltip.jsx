// The name beside a rail icon while the pointer rests on it or the keyboard focus is on it, as
// Discord shows it. One for the rail, drawn over everything at the icon's height (the rail
// scrolls and clips). Visual only: each icon's link already carries its name for screen readers.
import { createPortal } from 'react-dom';
import { create } from 'zustand';

const useTooltip = create(() => ({ text: null, top: 0, left: 0 }));

function showFor(element, text) {
  const rect = element.getBoundingClientRect();
  useTooltip.setState({ text, top: rect.top + rect.height / 2, left: rect.right + 12 });
}

export const hideTooltip = () => useTooltip.setState({ text: null });

/** Handlers that show `text` beside the element they are spread on. */
export function tooltipFor(text) {
  return {
    onPointerEnter: (event) => event.pointerType !== 'touch' && showFor(event.currentTarget, text),
    onPointerLeave: hideTooltip,
    onFocus: (event) => event.currentTarget.matches(':focus-visible') && showFor(event.currentTarget, text),
    onBlur: hideTooltip,
  };
}

export default function RailTooltip() {
  const { text, top, left } = useTooltip();
  if (!text) return null;
  return createPortal(
    <div className="rail-tooltip" aria-hidden="true" style={{ top, left }}>{text}</div>,
    document.body,
  );
}
