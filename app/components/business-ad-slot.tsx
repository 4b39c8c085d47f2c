// Admin-supplied ad HTML → a sandboxed 300×250 iframe (scripts and popups only, never same-origin), or nothing
// when the slot is blank: the ad can run its network's script but cannot touch this page, its cookies or storage.
import { useNonce } from "./csp-nonce";
import { addNonceToScripts } from "./site-code";

export const AD_WIDTH = 300;
export const AD_HEIGHT = 250;
export const AD_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

/**
 * The ad code as a whole document, so the network's markup gets a margin-free 300×250 body.
 * NOTE: a srcdoc frame inherits the page's Content-Security-Policy, so the ad's scripts carry the page's nonce.
 */
export function buildAdDocument(code: string, nonce = ""): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;overflow:hidden}</style></head><body>${addNonceToScripts(code, nonce)}</body></html>`;
}

export function BusinessAdSlot({ slot, code }: { slot: "ad1" | "ad2" | "ad3" | "ad4"; code: string | undefined }) {
  const nonce = useNonce();
  if (!code?.trim()) return null;
  return (
    <aside aria-label="Advertisement" className="flex min-h-[250px] flex-col items-center justify-center gap-1" data-ad-slot={slot}>
      <span className="text-[11px] font-medium uppercase tracking-wider text-slate-600">Advertisement</span>
      <iframe
        title="Advertisement"
        srcDoc={buildAdDocument(code, nonce)}
        sandbox={AD_SANDBOX}
        width={AD_WIDTH}
        height={AD_HEIGHT}
        referrerPolicy="no-referrer"
        className="block max-w-full rounded-md border border-slate-200 bg-white"
      />
    </aside>
  );
}
