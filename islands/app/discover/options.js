// The discovery dialog's choices (spec "Discovery dialog").
export const CATEGORIES = [
  { id: 'all', label: 'Все' },
  { id: 'gaming', label: 'Игры' },
  { id: 'community', label: 'Сообщества' },
  { id: 'tech', label: 'Технологии' },
  { id: 'music', label: 'Музыка' },
  { id: 'esports', label: 'Киберспорт' },
];

export const SORTS = [
  { id: 'members', label: 'По участникам' },
  { id: 'trending', label: 'Популярные' },
  { id: 'newest', label: 'Новейшие' },
];
