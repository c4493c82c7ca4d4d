import { formatPrice } from '#common/money';
import type { SimulatedCheckout } from './simulated-checkout';

/**
 * The simulated checkout page: one self-contained HTML document (no external resources), its
 * style and script inline under a per-answer CSP nonce. It stands in for Paystack's popup, which
 * the web app frames in an overlay; opened as a full page (authorization_url) it finishes by
 * redirecting to the callback URL, as Paystack's hosted checkout does.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f5}
main{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;background:#fef3c7;color:#78350f;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}
.amount{font-size:28px;font-weight:700;margin:0}
.meta{margin:4px 0 0;color:#52525b;word-break:break-word}
[role=tablist]{display:flex;gap:8px;margin:20px 0 12px}
[role=tab]{flex:1;min-height:44px;border:1px solid #d4d4d8;background:#fff;border-radius:8px;font:inherit;cursor:pointer}
[role=tab][aria-selected=true]{border-color:#166534;background:#dcfce7;font-weight:600}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;min-height:44px;font:inherit;padding:8px 12px;border:1px solid #a1a1aa;border-radius:8px}
input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1}
.hint{font-size:14px;color:#52525b;margin:6px 0 0}
.actions{display:flex;flex-direction:column;gap:8px;margin-top:20px}
.pay,.cancel{min-height:48px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.pay{background:#166534;color:#fff;border:0}
.again{display:flex;align-items:center;justify-content:center;text-decoration:none}
.cancel{background:#fff;color:#1a1a1a;border:1px solid #a1a1aa}
button:disabled{opacity:.6;cursor:wait}
.error{color:#b91c1c;font-weight:600;margin:12px 0 0}
.done{font-weight:600;margin:16px 0 0}
.wait h2{font-size:18px;margin:20px 0 4px}
.phone{margin-top:16px;border:2px dashed #a1a1aa;border-radius:12px;padding:12px;display:flex;flex-direction:column;gap:8px}
.phone-title{font-weight:600;margin:0}
.answer{min-height:44px;border-radius:8px;font:inherit;cursor:pointer;background:#fff;color:#1a1a1a;border:1px solid #a1a1aa}
.answer.primary{background:#166534;color:#fff;border:0;font-weight:600}
[hidden]{display:none!important}
`;

/** The page's behaviour; reads its data from data-* attributes of <main>. */
const SCRIPT = `
(function () {
  var main = document.querySelector('main');
  if (!main) return;
  var base = main.getAttribute('data-base');
  var reference = main.getAttribute('data-reference');
  var callbackUrl = main.getAttribute('data-callback-url');
  var framed = window.parent !== window;
  var form = document.getElementById('checkout');
  var error = document.getElementById('error');
  var done = document.getElementById('done');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('form button'));
  var tabs = Array.prototype.slice.call(document.querySelectorAll('[role=tab]'));
  var channel = tabs.length ? tabs[0].getAttribute('data-channel') : 'card';
  var wait = document.getElementById('mpesa-wait');
  var waitText = document.getElementById('mpesa-wait-text');
  var answers = Array.prototype.slice.call(document.querySelectorAll('[data-answer]'));
  var confirmDelay = Number(main.getAttribute('data-confirm-delay')) || 0;
  var again = document.getElementById('again');
  var payButton = document.getElementById('pay');
  var polling;

  function notify(message) {
    if (framed) window.parent.postMessage(message, location.origin);
  }
  function select(tab, focus) {
    tabs.forEach(function (other) {
      var selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      var panel = document.getElementById(other.getAttribute('aria-controls'));
      panel.hidden = !selected;
      Array.prototype.forEach.call(panel.querySelectorAll('input'), function (input) { input.disabled = !selected; });
    });
    channel = tab.getAttribute('data-channel');
    if (focus) tab.focus();
  }
  tabs.forEach(function (tab, index) {
    tab.addEventListener('click', function () { select(tab, false); });
    tab.addEventListener('keydown', function (event) {
      var step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step) { event.preventDefault(); select(tabs[(index + step + tabs.length) % tabs.length], true); }
    });
  });
  if (tabs.length) select(tabs[0], false);

  function busy(on) { buttons.forEach(function (button) { button.disabled = on; }); }
  function finish(text) {
    clearTimeout(polling);
    form.hidden = true;
    if (wait) wait.hidden = true;
    done.textContent = text;
    done.hidden = false;
    done.focus();
  }
  function post(path, body) {
    return fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin'
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (json) { return { ok: response.ok, json: json }; });
    });
  }
  function value(id) { var input = document.getElementById(id); return input ? input.value : ''; }
  function get(path) {
    return fetch(base + path, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (json) { return { ok: response.ok, json: json }; });
    });
  }
  function succeeded() {
    clearTimeout(polling);
    notify({ source: 'sauti-checkout', event: 'success', reference: reference });
    if (!framed && callbackUrl) {
      var target = new URL(callbackUrl);
      target.searchParams.set('trxref', reference);
      target.searchParams.set('reference', reference);
      location.assign(target.toString());
      return;
    }
    finish('Payment complete, you can close this page.');
  }
  // A declined card or an M-Pesa prompt declined or cancelled on the phone: the form stays, and its
  // button says what pressing it does now (issue 33): a new charge, a new prompt.
  function failed(message) {
    error.textContent = message;
    error.hidden = false;
    payButton.textContent = 'Try again';
    busy(false);
    notify({ source: 'sauti-checkout', event: 'error', reference: reference, message: message });
  }

  // M-Pesa: the prompt is on the phone until it answers (the simulated phone below) or expires.
  function showWait(text) {
    form.hidden = true;
    wait.hidden = false;
    answers.forEach(function (button) { button.disabled = false; });
    if (text) waitText.textContent = text;
    notify({ source: 'sauti-checkout', event: 'pending', reference: reference });
    poll();
  }
  function poll() {
    clearTimeout(polling);
    polling = setTimeout(function () { get('/status').then(settle, poll); }, 1500);
  }
  function settle(result) {
    var json = result.json || {};
    if (json.status === 'pending') { poll(); return; }
    if (json.status === 'success') { succeeded(); return; }
    clearTimeout(polling);
    var message = json.message || 'The payment failed. Please try again.';
    if (json.status === 'failed') {
      wait.hidden = true;
      form.hidden = false;
      failed(message);
      return;
    }
    // Expired or cancelled on the phone: nothing more can happen in this checkout. Framed, the
    // web app closes it and its dialog says how it ended with 'Try again' (issue 33); opened as
    // a page, 'Try again' goes back to the item's page, where Buy starts a new one.
    if (framed) { notify({ source: 'sauti-checkout', event: 'ended', reference: reference }); return; }
    finish(message);
    if (again && callbackUrl) again.hidden = false;
  }
  answers.forEach(function (button) {
    button.addEventListener('click', function () {
      var answer = button.getAttribute('data-answer');
      answers.forEach(function (other) { other.disabled = true; });
      post('/mpesa/answer', { answer: answer, delayMs: answer === 'paid' ? confirmDelay : 0 }).then(function (result) {
        if (result.json && result.json.status === 'pending') {
          waitText.textContent = 'PIN entered: waiting for M-Pesa to confirm…';
          poll();
          return;
        }
        settle(result);
      }, function () { answers.forEach(function (other) { other.disabled = false; }); });
    });
  });

  // What the provider answered a payment: paid, a prompt sent (M-Pesa), declined (the form stays
  // for another try), or refused before any charge (the message beside the form).
  function paid(result) {
    if (result.ok && result.json.status === 'pending') { busy(false); showWait(result.json.message); return; }
    if (result.ok && result.json.status === 'success') { succeeded(); return; }
    var message = (result.json && result.json.message) || 'The payment failed. Please try again.';
    if (result.ok) { failed(message); return; }
    error.textContent = message;
    error.hidden = false;
    busy(false);
  }
  function unsent() {
    error.textContent = 'The payment could not be sent. Please check your connection and try again.';
    error.hidden = false;
    busy(false);
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.hidden = true;
    busy(true);
    if (channel === 'mobile_money') {
      post('/mpesa', { phone: value('mpesa-phone') }).then(paid, unsent);
      return;
    }
    post('/pay', { channel: 'card', cardNumber: value('card-number'), cvv: value('card-cvv'), expiry: value('card-expiry') }).then(paid, unsent);
  });
  if (main.getAttribute('data-state') === 'ongoing') showWait('');
  document.getElementById('cancel').addEventListener('click', function () {
    busy(true);
    post('/cancel', {}).then(function () {
      notify({ source: 'sauti-checkout', event: 'cancel', reference: reference });
      finish('Payment cancelled, you can close this page.');
    }, function () { busy(false); });
  });
})();
`;

/** The page's <head> names an empty icon: opened on its own, a browser would otherwise ask /favicon.ico (a 404 in its console). */
function shell(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** Four years from now: a future expiry for the test card's prefilled value. */
function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
}

/** How long the page's simulated M-Pesa takes to confirm a PIN (a real confirmation takes seconds). */
export const SIMULATED_MPESA_CONFIRM_MS = 3000;

export function renderCheckoutPage(checkout: SimulatedCheckout, nonce: string, base: string): string {
  const amount = formatPrice(checkout.amount);
  const ongoing = checkout.status === 'ongoing';
  const open = checkout.status === 'pending' || checkout.status === 'failed' || ongoing;
  const channels = checkout.channels.filter((c) => c === 'card' || c === 'mobile_money');
  const tabs = channels
    .map((channel) => {
      const label = channel === 'card' ? 'Card' : 'M-Pesa';
      return `<button type="button" role="tab" id="tab-${channel}" data-channel="${channel}" aria-controls="panel-${channel}" aria-selected="false">${label}</button>`;
    })
    .join('');
  const cardPanel = `<div role="tabpanel" id="panel-card" aria-labelledby="tab-card">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" value="4084 0840 8408 4081">
<div class="row">
<div><label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="off" value="${futureExpiry()}"></div>
<div><label for="card-cvv">CVV</label><input id="card-cvv" name="cvv" inputmode="numeric" autocomplete="off" value="408"></div>
</div>
<p class="hint">Test card: 4084 0840 8408 4081 succeeds; 4084 0800 0000 5408 is declined.</p>
</div>`;
  const mpesaPanel = `<div role="tabpanel" id="panel-mobile_money" aria-labelledby="tab-mobile_money">
<label for="mpesa-phone">M-Pesa number</label>
<input id="mpesa-phone" name="phone" type="tel" inputmode="tel" autocomplete="off" value="+254 710 000 000">
<p class="hint">Test number: +254 710 000 000 receives the prompt on a simulated phone; any other number fails.</p>
</div>`;
  const waitSection = `<section id="mpesa-wait" class="wait" aria-labelledby="mpesa-wait-title"${ongoing ? '' : ' hidden'}>
<h2 id="mpesa-wait-title">Check your phone</h2>
<p id="mpesa-wait-text" role="status">An M-Pesa prompt is on the phone: enter the M-Pesa PIN to pay ${escapeHtml(amount)}.</p>
<p class="hint">It expires after about a minute. You may close this window: if the payment completes, the receipt e-mail arrives.</p>
<div class="phone" role="group" aria-labelledby="phone-title">
<p id="phone-title" class="phone-title">Simulated phone (test mode)</p>
<button type="button" class="answer primary" data-answer="paid">Enter PIN and pay</button>
<button type="button" class="answer" data-answer="declined">Wrong PIN or not enough funds</button>
<button type="button" class="answer" data-answer="cancelled">Cancel on the phone</button>
<button type="button" class="answer" data-answer="expired">Let it expire</button>
</div>
</section>`;
  const panels = channels.map((channel) => (channel === 'card' ? cardPanel : mpesaPanel)).join('\n');

  const closedText =
    checkout.status === 'success'
      ? 'This payment is already complete, you can close this page.'
      : checkout.status === 'abandoned'
        ? 'This payment was cancelled. Nothing was charged.'
        : 'This payment can no longer be made.';
  // A closed checkout's way forward: back to the item, where Buy starts a new one.
  const againLink =
    checkout.status !== 'success' && checkout.callbackUrl ? `<p class="actions"><a class="pay again" href="${escapeHtml(checkout.callbackUrl)}">Try again</a></p>` : '';

  const body = `<main data-base="${escapeHtml(base)}" data-state="${ongoing ? 'ongoing' : 'open'}" data-confirm-delay="${SIMULATED_MPESA_CONFIRM_MS}" data-reference="${escapeHtml(checkout.reference)}" data-callback-url="${escapeHtml(checkout.callbackUrl ?? '')}">
<div class="card">
<span class="badge">Test mode: simulated payment, no money moves</span>
<h1>Pay ${escapeHtml(checkout.itemName ?? 'Sauti')}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="meta">${escapeHtml(checkout.email)}</p>
${
  open
    ? `<form id="checkout" novalidate${ongoing ? ' hidden' : ''}>
<div role="tablist" aria-label="Payment method">${tabs}</div>
${panels}
<p id="error" class="error" role="alert" hidden></p>
<div class="actions">
<button type="submit" id="pay" class="pay">${checkout.status === 'failed' ? 'Try again' : `Pay ${escapeHtml(amount)}`}</button>
<button type="button" id="cancel" class="cancel">Cancel</button>
</div>
</form>
${channels.includes('mobile_money') ? waitSection : ''}
<p id="done" class="done" role="status" tabindex="-1" hidden></p>
${checkout.callbackUrl ? `<p class="actions"><a id="again" class="pay again" href="${escapeHtml(checkout.callbackUrl)}" hidden>Try again</a></p>` : ''}
<script nonce="${nonce}">${SCRIPT}</script>`
    : `<p class="done" role="status">${escapeHtml(closedText)}</p>${againLink}`
}
</div>
</main>`;
  return shell(nonce, `Pay ${amount}`, body);
}

export function renderNotFoundPage(nonce: string): string {
  return shell(
    nonce,
    'Payment not found',
    `<main><div class="card"><h1>Payment not found</h1><p class="meta">This payment link is not valid. Please start again from the item page.</p></div></main>`,
  );
}
