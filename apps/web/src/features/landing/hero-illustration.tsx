interface ShadowedCardProps {
  x: number;
  y: number;
  width: number;
  height: number;
  rx: number;
  /** How far below and to the right its shadow falls. */
  offset?: number;
  strokeWidth?: number;
}

/** A white card (the phone, the offer, the connections) over its shadow. */
function ShadowedCard({ x, y, width, height, rx, offset = 6, strokeWidth }: ShadowedCardProps) {
  const size = { width, height, rx };
  return (
    <>
      <rect x={x + offset} y={y + offset} {...size} className="fill-brand-900/10" />
      <rect x={x} y={y} {...size} className="fill-white stroke-gray-200" strokeWidth={strokeWidth} />
    </>
  );
}

/** A phone showing a post, a video and a job, with an offer, new connections and the quiz around it. */
export function HeroIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 440 360"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-testid="hero-illustration"
    >
      <circle cx="232" cy="182" r="160" className="fill-brand-100" />
      <circle cx="92" cy="292" r="18" className="fill-brand-200" />
      <circle cx="392" cy="300" r="8" className="fill-brand-300" />

      <ShadowedCard x={150} y={30} width={170} height={300} rx={26} offset={8} strokeWidth={2} />
      <rect x="162" y="46" width="146" height="28" rx="8" className="fill-brand-700" />
      <circle cx="176" cy="60" r="6" className="fill-brand-300" />
      <rect x="188" y="57" width="48" height="6" rx="3" className="fill-white/80" />

      <rect x="162" y="84" width="146" height="70" rx="10" className="fill-gray-50 stroke-gray-200" />
      <circle cx="180" cy="103" r="9" className="fill-brand-400" />
      <rect x="195" y="97" width="70" height="6" rx="3" className="fill-gray-300" />
      <rect x="195" y="108" width="44" height="5" rx="2.5" className="fill-gray-200" />
      <rect x="172" y="124" width="126" height="5" rx="2.5" className="fill-gray-200" />
      <rect x="172" y="136" width="96" height="5" rx="2.5" className="fill-gray-200" />

      <rect x="162" y="164" width="146" height="82" rx="10" className="fill-brand-900" />
      <circle cx="235" cy="200" r="17" className="fill-white/20" />
      <path d="M230 191v18l14-9z" className="fill-white" />
      <rect x="172" y="232" width="126" height="4" rx="2" className="fill-white/25" />
      <rect x="172" y="232" width="52" height="4" rx="2" className="fill-brand-400" />

      <rect x="162" y="256" width="146" height="58" rx="10" className="fill-gray-50 stroke-gray-200" />
      <rect x="172" y="268" width="24" height="20" rx="5" className="fill-brand-600" />
      <rect
        x="180"
        y="264"
        width="8"
        height="6"
        rx="2"
        className="fill-none stroke-brand-600"
        strokeWidth="2"
      />
      <rect x="205" y="268" width="80" height="6" rx="3" className="fill-gray-300" />
      <rect x="205" y="280" width="56" height="5" rx="2.5" className="fill-gray-200" />
      <rect x="172" y="298" width="40" height="8" rx="4" className="fill-brand-200" />

      <ShadowedCard x={52} y={118} width={118} height={52} rx={14} />
      <circle cx="76" cy="144" r="13" className="fill-brand-600" />
      <path
        d="M76 136v16m4-12.5c-1-1-2.2-1.5-4-1.5-2.5 0-4 1.2-4 3s1.5 2.6 4 3 4 1.2 4 3-1.5 3-4 3c-1.8 0-3.2-.6-4.2-1.6"
        className="fill-none stroke-white"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <rect x="97" y="134" width="58" height="7" rx="3.5" className="fill-gray-300" />
      <rect x="97" y="147" width="38" height="6" rx="3" className="fill-brand-300" />

      <ShadowedCard x={292} y={210} width={124} height={54} rx={14} />
      <circle cx="316" cy="237" r="12" className="fill-brand-300 stroke-white" strokeWidth="3" />
      <circle cx="334" cy="237" r="12" className="fill-brand-500 stroke-white" strokeWidth="3" />
      <rect x="354" y="228" width="48" height="7" rx="3.5" className="fill-gray-300" />
      <rect x="354" y="241" width="34" height="8" rx="4" className="fill-brand-600" />

      <circle cx="360" cy="88" r="32" className="fill-brand-600" />
      <g className="fill-none stroke-white" strokeWidth="2.5">
        <circle cx="360" cy="88" r="16" />
        <path d="M344 88h32M360 72c5 4.5 7 10 7 16s-2 11.5-7 16c-5-4.5-7-10-7-16s2-11.5 7-16z" />
      </g>
    </svg>
  );
}
