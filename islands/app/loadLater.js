// React.lazy for one of the components of ./later.js: `lazy(loadLater('SearchDialog'))`.
export const loadLater = (name) => () => import('./later.js').then((later) => ({ default: later[name] }));
