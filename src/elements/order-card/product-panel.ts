/**
 * What "Edit product <title or SKU>" loads on its first press: `<product-editor>`'s define module.
 *
 * It also imports the card's own define module, which has run by then (the card is on the page),
 * so nothing runs twice. That is for an app's bundler: it puts the code two of its files share in
 * a chunk of its own, and were the card's code reachable only from the card, the card would stay
 * in a file of its own beside that chunk (lit, the API, the shared helpers). Reachable from here
 * too, it goes into the chunk with them, and the page loads the card as one file that compresses
 * as a whole: about 1 KB gzip less than two files.
 */
import '../../order-card.js';
import '../../product-editor.js';
