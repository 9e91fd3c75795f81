// A game's rules page, rendered by the server from the same Markdown `cardroom rules` prints.
import { api, el, errorBox, gameList } from './common.js';

export async function rulesArticle(id) {
  const page = await api('GET', `/api/games/${encodeURIComponent(id)}/rules`);
  const article = el('article', { class: 'rules' });
  // The server renders our own Markdown to HTML and escapes any raw HTML in it.
  article.innerHTML = page.html;
  return article;
}

export async function showRules(main, id) {
  main.replaceChildren(el('p', {}, 'Loading the rules…'));
  try {
    const games = await gameList();
    const game = games.find((g) => g.id === id);
    document.title = `${game ? game.name : id}: rules · cardroom`;
    const article = await rulesArticle(id);
    main.replaceChildren(el('p', {}, el('a', { href: '/' }, '← Lobby')), article);
  } catch (e) {
    main.replaceChildren(errorBox(`These rules could not be loaded: ${e.message}`));
  }
}
