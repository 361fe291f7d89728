export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        Data comes from public Wake County ABC and NC ABC Commission pages and may not be real-time. Not affiliated with
        any ABC board.
      </div>
    </footer>
  );
}
