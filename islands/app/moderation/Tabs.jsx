// The panel's tab strip (WAI-ARIA tabs, automatic activation): arrows, Home and End move and select.
import { useRef } from 'react';

export default function Tabs({ tabs, value, onChange, label, idPrefix }) {
  const buttons = useRef([]);

  function onKeyDown(event) {
    const index = tabs.findIndex((tab) => tab.id === value);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1,
      Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next].id);
    buttons.current[next]?.focus();
  }

  return (
    <div className="mod-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map(({ id, label: text, icon: Icon }, index) => {
        const selected = id === value;
        return (
          <button key={id} type="button" role="tab" className="mod-tabs__tab" id={`${idPrefix}-tab-${id}`}
            ref={(element) => { buttons.current[index] = element; }}
            aria-selected={selected} aria-controls={selected ? `${idPrefix}-panel-${id}` : undefined}
            tabIndex={selected ? 0 : -1} onClick={() => onChange(id)}>
            <Icon size={16} aria-hidden="true" />
            {text}
          </button>
        );
      })}
    </div>
  );
}
