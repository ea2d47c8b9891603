// Developer mode (settings → 'Язык и общие'): the menus of messages, channels, servers and people
// offer 'Копировать ID'. The server renders it as a class of <html>; lib/appearance.js keeps it live.
import { useHtmlClass } from './useHtmlClass.js';

export const useDeveloperMode = () => useHtmlClass('developer-mode');
