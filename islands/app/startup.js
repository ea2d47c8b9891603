// "При запуске" (general.startupBehavior, on <html data-startup>): with 'last_channel', loading
// /app itself opens the channel or conversation this person last had open in this browser; with
// 'home' it stays home. Remembered per person, so another account on the same browser starts clean.
import { useEffect } from 'react';
import { matchRoute, navigate, useRouter } from './router.js';

const remembered = (userId) => `lobby:last-channel:${userId}`;
const isConversation = (path) => {
  const route = matchRoute(path);
  return route.name === 'channel' || (route.name === 'friends' && route.dm !== undefined);
};

export default function useStartupChannel(userId) {
  useEffect(() => {
    const key = remembered(userId);
    const last = localStorage.getItem(key);
    const atHome = window.location.pathname.replace(/\/+$/, '') === '/app';
    if (atHome && document.documentElement.dataset.startup === 'last_channel' && last && isConversation(last)) {
      navigate(last, { replace: true });
    }
    const keep = ({ path }) => isConversation(path) && localStorage.setItem(key, path);
    keep(useRouter.getState());
    return useRouter.subscribe(keep);
  }, [userId]);
}
