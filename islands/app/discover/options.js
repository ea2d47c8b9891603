// The discovery dialog's choices (spec "Discovery dialog").
import { t } from '../../lib/i18n.js';

export const CATEGORIES = [
  { id: 'all', label: t('Все') },
  { id: 'gaming', label: t('Игры') },
  { id: 'community', label: t('Сообщества') },
  { id: 'tech', label: t('Технологии') },
  { id: 'music', label: t('Музыка') },
  { id: 'esports', label: t('Киберспорт') },
];

export const SORTS = [
  { id: 'members', label: t('По участникам') },
  { id: 'trending', label: t('Популярные') },
  { id: 'newest', label: t('Новейшие') },
];
