// Stand-in for the optional react-devtools-core that Ink imports only in development.
export default { initialize() {}, connectToDevTools() {} };
