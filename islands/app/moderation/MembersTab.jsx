// "Участники": search, and a row per member (MemberRow.jsx) with presence, role, a running
// timeout, and the actions the caller may take.
import { useState } from 'react';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { matchesSearch } from './labels.js';
import MemberRow from './MemberRow.jsx';
import { t } from '../../lib/i18n.js';

export default function MembersTab({ serverId, server, members, me }) {
  const [query, setQuery] = useState('');
  const shown = members.filter((member) => matchesSearch(member, query));
  const iOwn = server.myRole === 'owner' || (me?.id != null && server.ownerId === me.id);

  // Nobody acts on the owner or on themselves; moderators do not act on other moderators.
  function canModerate(member) {
    const id = member.user?.id;
    if (member.role === 'owner' || id === server.ownerId) return false;
    if (me?.id != null && id === me.id) return false;
    return iOwn || member.role !== 'moderator';
  }

  return (
    <div className="mod-members">
      <div className="mod-search">
        <Search size={16} className="mod-search__icon" aria-hidden="true" />
        <input type="search" className="field__input mod-search__input" placeholder={t('Поиск участников...')}
          aria-label={t('Поиск участников')} value={query} onChange={(event) => setQuery(event.target.value)} />
        {query && (
          <button type="button" className="icon-button mod-search__clear" aria-label={t('Очистить поиск')}
            onClick={() => setQuery('')}>
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="mod-members__count" aria-live="polite">
        {query.trim()
          ? t('Найдено: {shown} из {total}', { shown: shown.length, total: members.length })
          : t('Участников: {count}', { count: members.length })}
      </p>
      {shown.length ? (
        <ul className="member-list">
          {shown.map((member) => (
            <MemberRow key={member.id} member={member} serverId={serverId} canModerate={canModerate(member)}
              canAppoint={iOwn && canModerate(member)} isMe={me?.id != null && member.user?.id === me.id} />
          ))}
        </ul>
      ) : (
        <div className="mod-empty">
          <p className="mod-empty__title">
            {members.length ? t('Нет участников, соответствующих поиску') : t('Участники не найдены')}
          </p>
          {members.length > 0 && <p className="mod-empty__text">{t('Проверьте написание имени или @username.')}</p>}
        </div>
      )}
    </div>
  );
}
