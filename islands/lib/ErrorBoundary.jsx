// The spec's error boundary: one crashed island shows this card instead of taking the page down;
// and inside the app, the router's fallback for one crashed screen (RouteBoundary).
import { Component, useState } from 'react';
import { t } from './i18n.js';

export default class ErrorBoundary extends Component {
  state = { error: null };

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error, info) {
    console.error(`island "${this.props.name}" crashed`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Whatever was thrown: an Error's message, a thrown text, or the spec's fallback for neither.
    const detail = (typeof error === 'string' ? error : error?.message) || t('Произошла неожиданная ошибка');
    return (
      <div className="island-error" role="alert">
        <p className="island-error__title">{t('Что-то пошло не так')}</p>
        <p className="island-error__text">{t('Произошла ошибка в приложении. Попробуйте перезагрузить страницу.')}</p>
        <details className="island-error__details">
          <summary>{t('Подробности')}</summary>
          <code>{detail}</code>
        </details>
        <div className="island-error__actions">
          <button type="button" className="btn btn-primary" onClick={() => this.setState({ error: null })}>
            {t('Попробовать снова')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
            {t('Перезагрузить')}
          </button>
        </div>
      </div>
    );
  }
}

/** The router's fallback (spec 000 §8 "Router fallback"): the words the spec gives, and the error's
 * message behind a show/hide toggle. */
function RouteFallback({ error, onRetry }) {
  const [shown, setShown] = useState(false);
  const detail = (typeof error === 'string' ? error : error?.message) || t('Произошла неожиданная ошибка');
  return (
    <div className="route-error" role="alert">
      <p className="route-error__title">Something went wrong!</p>
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={shown} aria-controls="route-error-detail"
        onClick={() => setShown((open) => !open)}>
        {shown ? t('Скрыть ошибку') : t('Показать ошибку')}
      </button>
      <pre className="route-error__detail" id="route-error-detail" hidden={!shown}>{detail}</pre>
      <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>{t('Попробовать снова')}</button>
    </div>
  );
}

/** Around one route's screen: a render error there shows the router's fallback in its place, and
 * the shell (sidebar, top bar) goes on working. Key it by the route: moving on starts afresh. */
export class RouteBoundary extends Component {
  state = { error: null };

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error, info) {
    console.error('a screen crashed', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    return error ? <RouteFallback error={error} onRetry={() => this.setState({ error: null })} /> : this.props.children;
  }
}
