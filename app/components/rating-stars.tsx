// A rating as five stars with halves, plus its accessible text.
import { useId } from "react";

export function RatingStars({ rating, className = "h-4 w-4" }: { rating: number | null; className?: string }) {
  const value = rating ?? 0;
  // NOTE: one gradient, only on the half star, with an id unique in the page: a list renders many ratings, and
  // a gradient per star made a quarter of a card list's elements and repeated the same ids on every card.
  // React's ids contain colons, which a `url(#…)` reference may not parse.
  const halfId = `half${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <span className="inline-flex items-center" role="img" aria-label={rating ? `Rated ${rating.toFixed(1)} out of 5` : "Not rated yet"}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = value >= i + 0.75 ? "full" : value >= i + 0.25 ? "half" : "empty";
        return (
          <svg key={i} viewBox="0 0 20 20" className={className} aria-hidden="true">
            {fill === "half" ? (
              <defs>
                <linearGradient id={halfId}>
                  <stop offset="50%" stopColor="#f59e0b" />
                  <stop offset="50%" stopColor="#e2e8f0" />
                </linearGradient>
              </defs>
            ) : null}
            <path
              d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
              fill={fill === "full" ? "#f59e0b" : fill === "half" ? `url(#${halfId})` : "#e2e8f0"}
            />
          </svg>
        );
      })}
    </span>
  );
}
