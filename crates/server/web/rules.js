// A game's rules page, rendered by the server from the same Markdown `cardroom rules` prints.
import { api, cardFace, el, errorBox, gameList } from './common.js';

const SUIT_CODE = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };
// A card as the pages write it: Q♠, 10♥, J♦, A♣, and the joker as "Joker" (capitalised; the
// word in lower case is left alone, so sentences about jokers stay words).
const CARD = /(?<![\w♠♥♦♣])(?:(10|[2-9AJQK])([♠♥♦♣])|(Joker))(?![\w♠♥♦♣])/gu;
// The same without `g`, for testing a node: a global regex's test() would move its lastIndex.
const ANY_CARD = new RegExp(CARD.source, 'u');

function cardCode(rank, suit, joker) {
  if (joker) return 'JK';
  return `${rank === '10' ? 'T' : rank}${SUIT_CODE[suit]}`;
}

/**
 * Replaces the cards written in the article's text (outside `code` and `pre`) with small card
 * faces: images with the card's name for screen readers, the name itself in text mode (the
 * stylesheet shows a face's name there).
 */
export function showCards(article) {
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node.parentElement && node.parentElement.closest('code, pre')) return NodeFilter.FILTER_REJECT;
      return ANY_CARD.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const text = node.nodeValue;
    const parts = [];
    let last = 0;
    for (const match of text.matchAll(CARD)) {
      parts.push(text.slice(last, match.index));
      // cardFace without onclick is a span with role="img" and the card's name as its label.
      const face = cardFace(cardCode(match[1], match[2], match[3]), { small: true });
      // Not a card in play: nothing that looks for the table's cards by `data-card` finds it.
      face.removeAttribute('data-card');
      parts.push(face);
      last = match.index + match[0].length;
    }
    parts.push(text.slice(last));
    node.replaceWith(...parts.filter((p) => p !== ''));
  }
}

export async function rulesArticle(id) {
  const page = await api('GET', `/api/games/${encodeURIComponent(id)}/rules`);
  const article = el('article', { class: 'rules' });
  // The server renders our own Markdown to HTML and escapes any raw HTML in it.
  article.innerHTML = page.html;
  showCards(article);
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
