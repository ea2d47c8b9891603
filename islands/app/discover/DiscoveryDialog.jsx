// 'Открыть для себя серверы' (spec "Discovery dialog"): search, sort, categories, the cards.
import { useEffect, useRef, useState } from 'react';
import Search from 'lucide-react/icons/search';
import ServerOff from 'lucide-react/icons/server-off';
import { usePublicServers } from '../data/queries.js';
import { useJoinServer } from '../data/useJoinServer.js';
import { navigate, serverPath } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import Modal from '../ui/Modal.jsx';
import { useDebounced } from '../ui/useDebounced.js';
import CategoryChips from './CategoryChips.jsx';
import DiscoverCard from './DiscoverCard.jsx';
import DiscoverSkeleton from './DiscoverSkeleton.jsx';
import { SORTS } from './options.js';
import { t } from '../../lib/i18n.js';

export default function DiscoveryDialog({ onClose }) {
  const [text, setText] = useState('');
  const [sort, setSort] = useState('members');
  const [category, setCategory] = useState('all');
  const search = useDebounced(text.trim(), 300);
  const { data, isPending, isError, isPlaceholderData } = usePublicServers({ category, search, sort });
  const join = useJoinServer();
  const servers = data?.servers ?? [];
  const input = useRef(null);
  // After the Modal opened its dialog; not on touch screens, where it would pop up the keyboard.
  useEffect(() => { if (window.matchMedia('(pointer: fine)').matches) input.current?.focus(); }, []);

  return (
    <Modal size="lg" title={t('Открыть для себя серверы')} labelledBy="discover-title"
      subtitle={t('Исследуйте публичные сообщества и найдите новых друзей')} onClose={onClose}>
      <div className="discover">
        <div className="discover__toolbar">
          <label className="search-box">
            <Search size={16} aria-hidden="true" className="search-box__icon" />
            <span className="sr-only">{t('Поиск серверов')}</span>
            <input type="search" className="field__input search-box__input" placeholder={t('Поиск серверов...')}
              ref={input} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
          </label>
          <label className="select">
            <span className="sr-only">{t('Сортировка')}</span>
            <select className="field__input select__input" value={sort} onChange={(event) => setSort(event.target.value)}>
              {SORTS.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
            </select>
          </label>
        </div>
        <CategoryChips value={category} onChange={setCategory} />
        <div className={`discover__grid${isPlaceholderData ? ' is-refreshing' : ''}`} aria-busy={isPending}
          aria-live="polite">
          {isPending && <DiscoverSkeleton />}
          {servers.map((server) => (
            <DiscoverCard key={server.id} server={server} joining={join.isPending}
              onJoin={(item) => join.mutate(item)} onOpen={(item) => navigate(serverPath(item.id))} />
          ))}
        </div>
        {!isPending && servers.length === 0 && (
          <EmptyState icon={ServerOff} title={t('Серверы не найдены')}
            text={isError ? t('Не удалось загрузить список серверов') : t('Попробуйте изменить фильтры или поисковый запрос')} />
        )}
      </div>
    </Modal>
  );
}
