// Share button → the system share sheet on touch devices, else the page URL copied to the clipboard with
// "Copied!" on the button for 2 s (spec) and a toast; a failed copy shows the link in a toast to copy by hand. Before
// hydration (and without JavaScript) Share opens a field holding the link, to copy by hand.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { useToast } from "./toast";

export const COPIED_MS = 2000;

/** Clipboard API first; the selection fallback covers browsers that refuse it (older Safari, some webviews). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

function prefersShareSheet(): boolean {
  return typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches;
}

export function BusinessShareButton({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number>();
  const { showToast } = useToast();
  const hydrated = useHydrated();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const share = async () => {
    if (prefersShareSheet()) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to report. Any other failure falls through to copying.
        if ((error as DOMException).name === "AbortError") return;
      }
    }
    if (await copyText(url)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      showToast({ id: "share", title: "Link copied", description: "Paste it anywhere to share this business.", tone: "success" });
    } else {
      showToast({ id: "share", title: "Couldn't copy the link", description: url, tone: "error" });
    }
  };

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className="btn-secondary min-w-[7.5rem] cursor-pointer list-none">Share</summary>
        <div className="absolute left-0 z-10 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
          <label className="block text-xs font-medium text-slate-700">
            Copy this link to share the business
            <input type="url" readOnly value={url} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm text-slate-800" />
          </label>
        </div>
      </details>
    );
  }

  return (
    <button type="button" onClick={share} className="btn-secondary min-w-[7.5rem]" aria-live="polite">
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
        {copied ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        ) : (
          <>
            <circle cx="18" cy="5" r="2.5" />
            <circle cx="6" cy="12" r="2.5" />
            <circle cx="18" cy="19" r="2.5" />
            <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
          </>
        )}
      </svg>
      {copied ? "Copied!" : "Share"}
    </button>
  );
}
