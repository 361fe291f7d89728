export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        Data comes from the public pages of the Wake County, Durham County, Greensboro and New Hanover County ABC boards and
        the NC ABC Commission, and may not be real-time. Not affiliated with any ABC board.
      </div>
    </footer>
  );
}
