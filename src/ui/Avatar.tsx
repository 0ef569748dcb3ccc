interface AvatarProps {
  name: string;
  photoURL: string | null;
  size?: number;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

export function Avatar({ name, photoURL, size = 40 }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photoURL) {
    return <img className="avatar" src={photoURL} alt="" width={size} height={size} style={style} loading="lazy" />;
  }
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
