// The spec's error boundary: one crashed island shows this card instead of taking the page down.
import { Component } from 'react';
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
