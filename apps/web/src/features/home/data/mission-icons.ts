import {
  Bus,
  GraduationCap,
  Globe,
  HandCoins,
  HeartPulse,
  House,
  LockKeyhole,
  type LucideIcon,
  ShieldCheck,
  Shirt,
  UtensilsCrossed,
  Zap,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  repas: UtensilsCrossed,
  soins: HeartPulse,
  education: GraduationCap,
  financement: HandCoins,
  vetements: Shirt,
  transport: Bus,
  logement: House,
  securite: ShieldCheck,
  surete: LockKeyhole,
  energie: Zap,
};

/** The icon for a mission card; an unknown name gets the generic globe (spec §2.7). */
export function missionIcon(name: string): LucideIcon {
  return Object.hasOwn(ICONS, name) ? ICONS[name]! : Globe;
}
