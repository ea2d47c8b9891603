// The four lists (spec 000 §2): 'В сети', 'Все', 'Запросы', 'Заблокированные', each with its count
// when above zero. A tab list: arrows, Home and End move between tabs (and choose them).
import { t } from '../../lib/i18n.js';

export const TABS = [
  { id: 'online', label: t('В сети') },
  { id: 'all', label: t('Все') },
  { id: 'pending', label: t('Запросы') },
  { id: 'blocked', label: t('Заблокированные') },
];

export const tabId = (id) => `friends-tab-${id}`;
export const PANEL_ID = 'friends-panel';

export default function FriendTabs({ tab, counts, attention, onChange }) {
  const onKeyDown = (event) => {
    const at = TABS.findIndex((item) => item.id === tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    onChange(next.id);
    document.getElementById(tabId(next.id))?.focus();
  };
  return (
    <div className="friends-tabs" role="tablist" aria-label={t('Списки друзей')} onKeyDown={onKeyDown}>
      {TABS.map(({ id, label }) => (
        <button key={id} id={tabId(id)} type="button" role="tab" className="friends-tabs__tab"
          aria-selected={tab === id} aria-controls={PANEL_ID} tabIndex={tab === id ? 0 : -1}
          onClick={() => onChange(id)}>
          {label}
          {counts[id] > 0 && (
            <span className={`friends-tabs__count${attention[id] ? ' is-attention' : ''}`}>{counts[id]}</span>
          )}
        </button>
      ))}
    </div>
  );
}
